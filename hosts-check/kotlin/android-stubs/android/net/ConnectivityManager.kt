// Stub of the Android SDK's android.net.ConnectivityManager: only the members the host files
// use, with the SDK's names and types. Kotlin rather than Java because the JVM bridge test
// runs NetworkCallback (kotlinc emits no classes for Java sources). NetworkCallback's
// constructor and callbacks do nothing, as the SDK's own do (they are there to be overridden),
// so the test can drive the host's callback directly.
package android.net

open class ConnectivityManager {
    val activeNetwork: Network?
        get() = throw RuntimeException("Stub!")

    fun registerDefaultNetworkCallback(networkCallback: NetworkCallback): Unit =
        throw RuntimeException("Stub!")

    fun unregisterNetworkCallback(networkCallback: NetworkCallback): Unit =
        throw RuntimeException("Stub!")

    open class NetworkCallback {
        open fun onAvailable(network: Network) {}

        open fun onLost(network: Network) {}
    }
}
