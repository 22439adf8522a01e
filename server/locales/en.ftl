# The room server's own words, beside the app's (mobile/locales/en.ftl, for the games' names):
# the preview a chat app shows for an invitation link, and the page of a room that is gone.
link-preview-title = Play { $game } with me on Cozcade
link-preview-description = A friend invited you to a game of { $game }. Open the link to take your seat; no account needed.
room-gone-title = This game is no longer here
room-gone-text = The invitation has run out or the link is not quite right. Rooms are deleted after 7 days without play.
room-gone-new-game = Start a new game
room-gone-app = Open the Cozcade app
# The privacy policy at /privacy, which the store listings link to (fastlane/metadata/*/privacy_url.txt).
privacy-title = Privacy
privacy-summary = Cozcade has no accounts, no advertising, no analytics and no tracking. The app collects nothing about you.
privacy-device-heading = What the app keeps on your device
privacy-device = Your games against the computer and on one device, the language you chose, and the keys to your seats in online rooms are saved in the app's own storage on your device. They stay there and are deleted with the app.
privacy-sent-heading = What the app sends
privacy-sent = Nothing, unless you play online. In an online game the app sends the room server only that room's own actions: creating or joining the room, your moves, and the game's requests and answers such as a new round. They carry the room's random id and your seat's key, never your name, an account, a device id or your location.
privacy-server-heading = What the room server keeps
privacy-server = The server keeps each room's moves so that both players see the same board, and keeps seat keys only as hashes. A room is deleted after 7 days without play. The server does not write down your network address: it uses it in memory, while you are connected, to hold back abuse.
privacy-shared-heading = Who sees it
privacy-shared = The friend in your room sees your moves, and nobody else: the app holds no third-party services, fonts or kits, and nothing is sold or passed on.
privacy-languages = Other languages
