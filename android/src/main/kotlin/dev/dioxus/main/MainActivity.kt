// Cozcade's Android activity. Dioxus's `dx` builds the app around wry's WryActivity and writes
// this file (Dioxus.toml: application.android_main_activity) in place of its default
// one-line MainActivity; the package and class must stay `dev.dioxus.main.MainActivity`, the
// name android/AndroidManifest.xml declares (checked by hosts-check/tests/bridge_hosts.rs).
//
// What it adds to WryActivity is the native side of the Rust bridge (mobile/src/bridge/):
// it registers AndroidHost, and hands Rust the invitation links (onCreate, onNewIntent), the
// back button, the app's trips to the background and, through NetworkReporter, the device's
// network going and coming back. The calls go through the UniFFI Kotlin
// bindings (package app.cozcade.bridge, generated at build time; see android/README.md).
package dev.dioxus.main

import android.content.Intent
import android.net.ConnectivityManager
import android.os.Bundle
import androidx.activity.OnBackPressedCallback
import app.cozcade.bridge.appCameToForeground
import app.cozcade.bridge.appWentToBackground
import app.cozcade.bridge.backPressed
import app.cozcade.bridge.openLink
import app.cozcade.bridge.registerHost

typealias BuildConfig = app.cozcade.BuildConfig

class MainActivity : WryActivity() {
    // Back goes to Rust (the app's own screens), not to the web view's history: the app has
    // one page whose screens are not history entries.
    override val handleBackNavigation: Boolean = false

    private val network = NetworkReporter()

    override fun onCreate(savedInstanceState: Bundle?) {
        // WryActivity's companion object has loaded libmain.so by now; the host is registered
        // before anything can ask for it (a link on a cold start is queued for the App).
        registerHost(AndroidHost(this))
        super.onCreate(savedInstanceState)
        onBackPressedDispatcher.addCallback(this, backToRust)
        getSystemService(ConnectivityManager::class.java)?.let { network.start(it) }
        // A cold start from a link: only a fresh start, not a re-creation that would replay it.
        if (savedInstanceState == null) {
            deliverLink(intent)
        }
    }

    // singleTask: a link tapped while the app runs comes here instead of a second activity.
    override fun onNewIntent(intent: Intent) {
        super.onNewIntent(intent)
        setIntent(intent)
        deliverLink(intent)
    }

    override fun onDestroy() {
        getSystemService(ConnectivityManager::class.java)?.let { network.stop(it) }
        super.onDestroy()
    }

    override fun onStop() {
        super.onStop()
        appWentToBackground()
    }

    // onRestart runs only after onStop: the first start is not a "came back".
    override fun onRestart() {
        super.onRestart()
        appCameToForeground()
    }

    private fun deliverLink(intent: Intent?) {
        if (intent?.action != Intent.ACTION_VIEW) return
        val link = intent.dataString ?: return
        // false: not a Cozcade invitation; the app simply stays where it is.
        openLink(link)
    }

    // Rust answers at once from a flag the App keeps: true = it went back a screen; false = the
    // App is at its root, so the system does its default (leave the app).
    private val backToRust = object : OnBackPressedCallback(true) {
        override fun handleOnBackPressed() {
            if (backPressed()) return
            isEnabled = false
            onBackPressedDispatcher.onBackPressed()
            isEnabled = true
        }
    }
}
