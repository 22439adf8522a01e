// Stub of androidx.activity (Kotlin since 1.9): the activity's back-press dispatcher. The library
// puts androidx.core.app.ComponentActivity between it and android.app.Activity.
package androidx.activity

import android.app.Activity
import androidx.lifecycle.LifecycleOwner

open class ComponentActivity : Activity(), LifecycleOwner {
    val onBackPressedDispatcher: OnBackPressedDispatcher
        get() = throw RuntimeException("Stub!")
}
