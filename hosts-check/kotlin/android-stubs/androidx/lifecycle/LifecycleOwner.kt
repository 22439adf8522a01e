package androidx.lifecycle

// The library's interface also has `val lifecycle`; the host files only pass the activity as one.
interface LifecycleOwner
