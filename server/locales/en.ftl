# The room server's own words, beside the app's (mobile/locales/en.ftl, for the games' names):
# the preview a chat app shows for an invitation link, and the page of a room that is gone.
link-preview-title = Play { $game } with me on Cozcade
link-preview-description = A friend invited you to a game of { $game }. Open the link to take your seat; no account needed.
room-gone-title = This game is no longer here
room-gone-text = The invitation has run out or the link is not quite right. Rooms are deleted after 7 days without play.
room-gone-new-game = Start a new game
room-gone-app = Open the Cozcade app
