package androidx.activity

import androidx.lifecycle.LifecycleOwner

class OnBackPressedDispatcher {
    fun addCallback(owner: LifecycleOwner, onBackPressedCallback: OnBackPressedCallback): Unit =
        throw RuntimeException("Stub!")

    fun onBackPressed(): Unit = throw RuntimeException("Stub!")
}
