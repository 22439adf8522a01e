"""The native hosts' bridge, driven through UniFFI's generated Python bindings.

Python stands in for Swift and Kotlin: it implements the foreign `Host` trait, registers it the
way the iOS and Android hosts do at start, delivers links, the back button, the app's
background/foreground and the device's network news, and checks what the Rust side decided. `cargo xtask test` builds the
library (`--features bridge-test`), generates `cozcade_mobile.py` next to it and runs this file
with that directory on `sys.path` (`COZCADE_BINDINGS`).

The `test_*` functions of the bindings exist only in that test build: they do what the App does
in Rust (read its inbox, press Share, move away from the root screen) by calling the very same
functions.
"""

import os
import sys
import unittest

sys.path.insert(0, os.environ.get("COZCADE_BINDINGS", "."))

import cozcade_mobile as bridge  # noqa: E402  (generated; found through COZCADE_BINDINGS)

HOME = "https://play.cozcade.app"
ROOM = "0123456789abcdef0123"


class RecordingHost(bridge.Host):
    """What the Swift and Kotlin hosts do, reduced to a log of the calls."""

    def __init__(self, share_answer=True, fail=False):
        self.calls = []
        self.share_answer = share_answer
        self.fail = fail

    def share(self, text, url):
        self.calls.append(("share", text, url))
        if self.fail:
            raise RuntimeError("no window to present from")
        return self.share_answer

    def haptic(self, kind):
        self.calls.append(("haptic", kind))

    def open_store_page(self):
        self.calls.append(("store",))
        if self.fail:
            raise bridge.HostError.Failed("no store app")
        return True


def drain():
    events = []
    while (event := bridge.test_next_host_event()) is not None:
        events.append(event)
    return events


class BridgeTest(unittest.TestCase):
    def setUp(self):
        drain()
        bridge.test_forget_host()
        bridge.test_set_at_root(True)
        self.host = RecordingHost()
        bridge.register_host(self.host)

    def tearDown(self):
        bridge.test_forget_host()

    def test_an_invitation_link_routes_the_app_to_its_room(self):
        for link in (
            f"{HOME}/r/{ROOM}",
            f"{HOME}/r/{ROOM}/?utm_source=chat",
            f"cozcade://r/{ROOM}",
        ):
            with self.subTest(link=link):
                self.assertTrue(bridge.open_link(link))
                self.assertEqual(
                    drain(),
                    [
                        bridge.HostEvent.OPEN_ROOM(
                            bridge.Invitation(server=HOME, room=ROOM), seat_key=None
                        )
                    ],
                )

    def test_a_personal_link_reaches_the_app_with_its_seat_key_cold_and_warm(self):
        key = "9d1f5c0e8b7a64d2c3f0e1a2b3c4d5e6"
        # Cold: the link comes before the host has registered (the app is starting).
        bridge.test_forget_host()
        self.assertTrue(bridge.open_link(f"{HOME}/r/{ROOM}#seat={key}"))
        bridge.register_host(self.host)
        # Warm: the app runs, the link comes by the app's own scheme.
        self.assertTrue(bridge.open_link(f"cozcade://r/{ROOM}#seat={key}"))
        invitation = bridge.Invitation(server=HOME, room=ROOM)
        self.assertEqual(
            drain(),
            [
                bridge.HostEvent.OPEN_ROOM(invitation, seat_key=key),
                bridge.HostEvent.OPEN_ROOM(invitation, seat_key=key),
            ],
        )

    def test_links_that_are_not_invitations_change_nothing(self):
        for link in (
            f"https://elsewhere.example/r/{ROOM}",  # another server
            f"{HOME}/about",
            f"{HOME}/r/../../etc",
            "mailto:someone@example.com",
            "cozcade://settings",
            "",
            "\u0000://\u00e9",
        ):
            with self.subTest(link=link):
                self.assertFalse(bridge.open_link(link))
                self.assertEqual(drain(), [])

    def test_share_reaches_the_host_with_the_invitation_link(self):
        self.assertTrue(bridge.open_link(f"cozcade://r/{ROOM}"))
        [event] = drain()
        invitation = event.invitation
        self.assertTrue(bridge.test_share_invitation(invitation, "Play Kalah with me"))
        self.assertEqual(
            self.host.calls, [("share", "Play Kalah with me", f"{HOME}/r/{ROOM}")]
        )

    def test_share_says_no_so_the_ui_can_copy_instead(self):
        invitation = bridge.Invitation(server=HOME, room=ROOM)
        # The host could not show the sheet.
        self.host.share_answer = False
        self.assertFalse(bridge.test_share_invitation(invitation, "text"))
        # The host threw: the error comes back as "no", not as a crash.
        bridge.register_host(RecordingHost(fail=True))
        self.assertFalse(bridge.test_share_invitation(invitation, "text"))
        self.assertFalse(bridge.test_open_store_page())
        # No host at all (the web and desktop builds).
        bridge.test_forget_host()
        self.assertFalse(bridge.test_share_invitation(invitation, "text"))
        self.assertFalse(bridge.test_haptic(bridge.Haptic.MOVE))

    def test_haptics_and_the_store_page_reach_the_host(self):
        kinds = [bridge.Haptic.MOVE, bridge.Haptic.CAPTURE, bridge.Haptic.WIN, bridge.Haptic.ERROR]
        for kind in kinds:
            self.assertTrue(bridge.test_haptic(kind))
        self.assertTrue(bridge.test_open_store_page())
        self.assertEqual(
            self.host.calls, [("haptic", kind) for kind in kinds] + [("store",)]
        )

    def test_back_is_left_to_the_system_at_the_root_only(self):
        self.assertFalse(bridge.back_pressed())
        self.assertEqual(drain(), [])
        bridge.test_set_at_root(False)
        self.assertTrue(bridge.back_pressed())
        self.assertEqual(drain(), [bridge.HostEvent.BACK()])
        bridge.test_set_at_root(True)
        self.assertFalse(bridge.back_pressed())
        self.assertEqual(drain(), [])

    def test_background_and_foreground_reach_the_app_in_order(self):
        bridge.app_went_to_background()
        bridge.app_came_to_foreground()
        self.assertEqual(
            drain(), [bridge.HostEvent.BACKGROUND(), bridge.HostEvent.FOREGROUND()]
        )

    def test_network_news_reaches_an_online_room_once_per_change(self):
        bridge.network_changed(True)
        bridge.test_watch_network()
        self.assertTrue(bridge.test_network_online())
        # iOS's path monitor reports every path update, Android's callback every network:
        # only a change is news for the room.
        for online in (True, False, False, True, True):
            bridge.network_changed(online)
        self.assertEqual(bridge.test_network_news(), [False, True])
        bridge.network_changed(False)
        self.assertFalse(bridge.test_network_online())
        self.assertEqual(bridge.test_network_news(), [False])
        bridge.network_changed(True)
        self.assertEqual(bridge.test_network_news(), [True])
        self.assertEqual(drain(), [])

    def test_a_second_registration_replaces_the_first(self):
        second = RecordingHost()
        bridge.register_host(second)
        self.assertTrue(bridge.test_haptic(bridge.Haptic.WIN))
        self.assertEqual(self.host.calls, [])
        self.assertEqual(second.calls, [("haptic", bridge.Haptic.WIN)])


if __name__ == "__main__":
    unittest.main()
