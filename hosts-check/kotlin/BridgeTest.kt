// The native hosts' bridge, driven from Kotlin on the JVM through the very bindings the Android
// app compiles (UniFFI's Kotlin, package app.cozcade.bridge, calling the library through JNA).
//
// A JVM class stands in for AndroidHost: it implements the foreign `Host` interface, registers it
// the way MainActivity does, delivers links, the back button and the trips to the background,
// drives the real NetworkReporter as ConnectivityManager would, and checks what the Rust side
// decided. The scenarios are hosts-check/python/test_bridge.py's.
// `cargo xtask test-kotlin` builds the Linux library with the test exports (`--features
// bridge-test`: the `test*` functions, which do what the App does in Rust by calling the same
// functions), generates the bindings, compiles them with this file and runs it with the library
// named by the `uniffi.component.cozcade_mobile.libraryOverride` property.
package app.cozcade.hostscheck

import android.net.Network
import app.cozcade.bridge.Haptic
import app.cozcade.bridge.Host
import app.cozcade.bridge.HostEvent
import app.cozcade.bridge.HostException
import app.cozcade.bridge.Invitation
import app.cozcade.bridge.appCameToForeground
import app.cozcade.bridge.appWentToBackground
import app.cozcade.bridge.backPressed
import app.cozcade.bridge.networkChanged
import app.cozcade.bridge.openLink
import app.cozcade.bridge.registerHost
import app.cozcade.bridge.testForgetHost
import app.cozcade.bridge.testHaptic
import app.cozcade.bridge.testNetworkNews
import app.cozcade.bridge.testNetworkOnline
import app.cozcade.bridge.testNextHostEvent
import app.cozcade.bridge.testOpenStorePage
import app.cozcade.bridge.testSetAtRoot
import app.cozcade.bridge.testShareInvitation
import app.cozcade.bridge.testWatchNetwork
import dev.dioxus.main.NetworkReporter
import kotlin.system.exitProcess

const val HOME = "https://play.cozcade.app"
const val ROOM = "0123456789abcdef0123"

/** One call Rust made to the host. */
sealed interface Call {
    data class Share(val text: String, val url: String) : Call
    data class Feel(val kind: Haptic) : Call
    data object Store : Call
}

/** What AndroidHost does, reduced to a log of the calls. */
class RecordingHost(var shareAnswer: Boolean = true, private val fail: Boolean = false) : Host {
    val calls = mutableListOf<Call>()

    override fun share(text: String, url: String): Boolean {
        calls += Call.Share(text, url)
        // An unexpected exception, as a host without a window to present from would throw.
        if (fail) throw IllegalStateException("no window to present from")
        return shareAnswer
    }

    override fun haptic(kind: Haptic) {
        calls += Call.Feel(kind)
    }

    override fun openStorePage(): Boolean {
        calls += Call.Store
        if (fail) throw HostException.Failed("no store app")
        return true
    }
}

fun drain(): List<HostEvent> = generateSequence { testNextHostEvent() }.toList()

fun <T> assertEquals(expected: T, actual: T, what: String) {
    if (expected != actual) throw AssertionError("$what: expected $expected, got $actual")
}

fun assertTrue(actual: Boolean, what: String) = assertEquals(true, actual, what)

fun assertFalse(actual: Boolean, what: String) = assertEquals(false, actual, what)

class BridgeTest {
    private val host = RecordingHost()

    fun setUp() {
        drain()
        testForgetHost()
        testSetAtRoot(true)
        registerHost(host)
    }

    fun tearDown() {
        testForgetHost()
    }

    fun anInvitationLinkRoutesTheAppToItsRoom() {
        for (link in listOf("$HOME/r/$ROOM", "$HOME/r/$ROOM/?utm_source=chat", "cozcade://r/$ROOM")) {
            assertTrue(openLink(link), "openLink($link)")
            assertEquals(listOf(HostEvent.OpenRoom(Invitation(HOME, ROOM), null)), drain(), "events after $link")
        }
    }

    fun aPersonalLinkReachesTheAppWithItsSeatKeyColdAndWarm() {
        val key = "9d1f5c0e8b7a64d2c3f0e1a2b3c4d5e6"
        // Cold: the link comes before the host has registered (the activity is starting).
        testForgetHost()
        assertTrue(openLink("$HOME/r/$ROOM#seat=$key"), "openLink, cold")
        registerHost(host)
        // Warm: onNewIntent while the app runs, by the app's own scheme.
        assertTrue(openLink("cozcade://r/$ROOM#seat=$key"), "openLink, warm")
        val opened = HostEvent.OpenRoom(Invitation(HOME, ROOM), key)
        assertEquals(listOf(opened, opened), drain(), "events with the seat key")
    }

    fun linksThatAreNotInvitationsChangeNothing() {
        val links = listOf(
            "https://elsewhere.example/r/$ROOM", // another server
            "$HOME/about",
            "$HOME/r/../../etc",
            "mailto:someone@example.com",
            "cozcade://settings",
            "",
            "\u0000://\u00e9",
        )
        for (link in links) {
            assertFalse(openLink(link), "openLink($link)")
            assertEquals(emptyList(), drain(), "events after $link")
        }
    }

    fun shareReachesTheHostWithTheInvitationLink() {
        assertTrue(openLink("cozcade://r/$ROOM"), "openLink")
        val event = drain().single() as HostEvent.OpenRoom
        assertTrue(testShareInvitation(event.invitation, "Play Kalah with me"), "share")
        assertEquals(listOf(Call.Share("Play Kalah with me", "$HOME/r/$ROOM")), host.calls, "host calls")
    }

    fun shareSaysNoSoTheUiCanCopyInstead() {
        val invitation = Invitation(HOME, ROOM)
        // The host could not show the sheet.
        host.shareAnswer = false
        assertFalse(testShareInvitation(invitation, "text"), "share answered false")
        // The host threw: the error comes back as "no", not as a crash.
        registerHost(RecordingHost(fail = true))
        assertFalse(testShareInvitation(invitation, "text"), "share threw")
        assertFalse(testOpenStorePage(), "store page threw HostException")
        // No host at all (the web and desktop builds).
        testForgetHost()
        assertFalse(testShareInvitation(invitation, "text"), "share without a host")
        assertFalse(testHaptic(Haptic.MOVE), "haptic without a host")
    }

    fun hapticsAndTheStorePageReachTheHost() {
        val kinds = listOf(Haptic.MOVE, Haptic.CAPTURE, Haptic.WIN, Haptic.ERROR)
        for (kind in kinds) assertTrue(testHaptic(kind), "haptic $kind")
        assertTrue(testOpenStorePage(), "store page")
        assertEquals(kinds.map { Call.Feel(it) } + Call.Store, host.calls, "host calls")
    }

    fun backIsLeftToTheSystemAtTheRootOnly() {
        assertFalse(backPressed(), "back at the root")
        assertEquals(emptyList(), drain(), "events after back at the root")
        testSetAtRoot(false)
        assertTrue(backPressed(), "back away from the root")
        assertEquals(listOf(HostEvent.Back), drain(), "events after back away from the root")
        testSetAtRoot(true)
        assertFalse(backPressed(), "back at the root again")
        assertEquals(emptyList(), drain(), "events after back at the root again")
    }

    fun backgroundAndForegroundReachTheAppInOrder() {
        appWentToBackground()
        appCameToForeground()
        assertEquals(listOf(HostEvent.Background, HostEvent.Foreground), drain(), "events")
    }

    fun theDefaultNetworkGoingAndComingBackReachesAnOnlineRoom() {
        networkChanged(true)
        testWatchNetwork()
        // MainActivity's own callback, reporting through the bindings as on the phone.
        val reporter = NetworkReporter()
        val wifi = Network()
        val mobileData = Network()
        reporter.onAvailable(wifi)
        assertEquals(emptyList(), testNetworkNews(), "news of the network there at start")
        assertTrue(testNetworkOnline(), "online at start")
        reporter.onLost(wifi)
        assertEquals(listOf(false), testNetworkNews(), "news after Wi-Fi went")
        assertFalse(testNetworkOnline(), "online after Wi-Fi went")
        reporter.onAvailable(mobileData)
        assertEquals(listOf(true), testNetworkNews(), "news after mobile data came")
        assertTrue(testNetworkOnline(), "online on mobile data")
        // The default moves back to Wi-Fi, and mobile data's loss is announced after: no loss.
        reporter.onAvailable(wifi)
        reporter.onLost(mobileData)
        assertEquals(emptyList(), testNetworkNews(), "news after the default moved")
        assertTrue(testNetworkOnline(), "online after the default moved")
        reporter.onLost(wifi)
        reporter.onAvailable(wifi)
        assertEquals(listOf(false, true), testNetworkNews(), "news of a loss and a return")
        assertEquals(emptyList(), drain(), "nothing for the App's inbox")
    }

    fun aSecondRegistrationReplacesTheFirst() {
        val second = RecordingHost()
        registerHost(second)
        assertTrue(testHaptic(Haptic.WIN), "haptic")
        assertEquals(emptyList(), host.calls, "first host's calls")
        assertEquals(listOf(Call.Feel(Haptic.WIN)), second.calls, "second host's calls")
    }
}

val tests: List<Pair<String, BridgeTest.() -> Unit>> = listOf(
    "an invitation link routes the app to its room" to BridgeTest::anInvitationLinkRoutesTheAppToItsRoom,
    "a personal link reaches the app with its seat key, cold and warm" to
        BridgeTest::aPersonalLinkReachesTheAppWithItsSeatKeyColdAndWarm,
    "links that are not invitations change nothing" to BridgeTest::linksThatAreNotInvitationsChangeNothing,
    "share reaches the host with the invitation link" to BridgeTest::shareReachesTheHostWithTheInvitationLink,
    "share says no so the UI can copy instead" to BridgeTest::shareSaysNoSoTheUiCanCopyInstead,
    "haptics and the store page reach the host" to BridgeTest::hapticsAndTheStorePageReachTheHost,
    "back is left to the system at the root only" to BridgeTest::backIsLeftToTheSystemAtTheRootOnly,
    "background and foreground reach the app in order" to BridgeTest::backgroundAndForegroundReachTheAppInOrder,
    "a second registration replaces the first" to BridgeTest::aSecondRegistrationReplacesTheFirst,
    "the default network going and coming back reaches an online room" to
        BridgeTest::theDefaultNetworkGoingAndComingBackReachesAnOnlineRoom,
)

fun main() {
    var passed = 0
    var failed = 0
    for ((name, body) in tests) {
        val test = BridgeTest()
        try {
            test.setUp()
            try {
                test.body()
            } finally {
                test.tearDown()
            }
            println("ok   $name")
            passed++
        } catch (failure: Throwable) {
            println("FAIL $name: $failure")
            failure.printStackTrace(System.out)
            failed++
        }
    }
    println("$passed passed, $failed failed")
    exitProcess(if (failed == 0 && passed > 0) 0 else 1)
}
