package androidx.activity

abstract class OnBackPressedCallback(enabled: Boolean) {
    var isEnabled: Boolean = enabled

    abstract fun handleOnBackPressed()
}
