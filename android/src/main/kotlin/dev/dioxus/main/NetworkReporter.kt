// The Android side of the device's network news for Rust (mobile/src/online/network.rs): the
// native equivalent of the browser's `offline` and `online` events. An online room shows
// "Offline" the moment the default network is lost and reconnects the moment one is available
// again, instead of waiting for the heartbeat to notice (8 s) or the backoff to run out.
//
// Needs android.permission.ACCESS_NETWORK_STATE (AndroidManifest.xml). The callbacks arrive on
// ConnectivityManager's own thread; networkChanged only passes the news on and may be called
// from any thread.
package dev.dioxus.main

import android.net.ConnectivityManager
import android.net.Network
import app.cozcade.bridge.networkChanged

class NetworkReporter(
    private val report: (Boolean) -> Unit = { online -> networkChanged(online) },
) : ConnectivityManager.NetworkCallback() {
    // The default network as last announced. When the default moves (Wi-Fi to mobile data) the
    // new one's onAvailable may come before the old one's onLost, which then is no loss.
    private var current: Network? = null

    /** Starts listening; says at once when there is no network now (no callback would). */
    fun start(manager: ConnectivityManager) {
        if (manager.activeNetwork == null) report(false)
        manager.registerDefaultNetworkCallback(this)
    }

    fun stop(manager: ConnectivityManager) {
        manager.unregisterNetworkCallback(this)
    }

    @Synchronized
    override fun onAvailable(network: Network) {
        current = network
        report(true)
    }

    @Synchronized
    override fun onLost(network: Network) {
        if (network != current) return
        current = null
        report(false)
    }
}
