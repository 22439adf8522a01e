// Stub of wry 0.53.5's WryActivity (src/android/kotlin/WryActivity.kt), which dx writes into this
// package: the one member MainActivity overrides. The lifecycle methods it overrides are
// Activity's, with the same signatures.
package dev.dioxus.main

import androidx.appcompat.app.AppCompatActivity

abstract class WryActivity : AppCompatActivity() {
    open val handleBackNavigation: Boolean = true
}
