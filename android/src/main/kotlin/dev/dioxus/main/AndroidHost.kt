// The Android side of the Rust bridge's Host trait (mobile/src/bridge/host.rs): the share
// sheet, haptic feedback and the Play Store page. Rust calls these from its own thread, so each
// one moves to the UI thread. An exception thrown here reaches Rust as HostError.Failed and the
// app carries on (the UI copies the link when sharing fails).
package dev.dioxus.main

import android.app.Activity
import android.content.ActivityNotFoundException
import android.content.Intent
import android.net.Uri
import android.os.Build
import android.view.HapticFeedbackConstants
import app.cozcade.bridge.Haptic
import app.cozcade.bridge.Host
import java.lang.ref.WeakReference

class AndroidHost(activity: Activity) : Host {
    // Weak: the system may destroy the activity; the next one registers a new host.
    private val activity = WeakReference(activity)

    /** The activity when it can still show something. */
    private fun live(): Activity? = activity.get()?.takeUnless { it.isFinishing || it.isDestroyed }

    override fun share(text: String, url: String): Boolean {
        val activity = live() ?: return false
        val send = Intent(Intent.ACTION_SEND).apply {
            type = "text/plain"
            // Messaging apps take one text: the sentence, then the link on its own line.
            putExtra(Intent.EXTRA_TEXT, "$text\n$url")
        }
        activity.runOnUiThread { activity.startActivity(Intent.createChooser(send, null)) }
        return true
    }

    override fun haptic(kind: Haptic) {
        val activity = live() ?: return
        val feedback = when (kind) {
            Haptic.MOVE -> HapticFeedbackConstants.CLOCK_TICK
            Haptic.CAPTURE -> HapticFeedbackConstants.CONTEXT_CLICK
            Haptic.WIN ->
                if (Build.VERSION.SDK_INT >= Build.VERSION_CODES.R) HapticFeedbackConstants.CONFIRM
                else HapticFeedbackConstants.LONG_PRESS
            Haptic.ERROR ->
                if (Build.VERSION.SDK_INT >= Build.VERSION_CODES.R) HapticFeedbackConstants.REJECT
                else HapticFeedbackConstants.LONG_PRESS
        }
        activity.runOnUiThread { activity.window.decorView.performHapticFeedback(feedback) }
    }

    override fun openStorePage(): Boolean {
        val activity = live() ?: return false
        val id = activity.packageName
        activity.runOnUiThread {
            try {
                activity.startActivity(Intent(Intent.ACTION_VIEW, Uri.parse("market://details?id=$id")))
            } catch (noStore: ActivityNotFoundException) {
                // No store app (an emulator without Play): the store's web page instead.
                activity.startActivity(
                    Intent(Intent.ACTION_VIEW, Uri.parse("https://play.google.com/store/apps/details?id=$id")),
                )
            }
        }
        return true
    }
}
