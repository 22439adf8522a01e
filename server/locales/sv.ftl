# The room server's own words, beside the app's (mobile/locales/sv.ftl, for the games' names):
# the preview a chat app shows for an invitation link, and the page of a room that is gone.
link-preview-title = Spela { $game } med mig på Cozcade
link-preview-description = En vän bjuder in dig till ett parti { $game }. Öppna länken för att ta din plats; inget konto behövs.
room-gone-title = Det här partiet finns inte längre
room-gone-text = Inbjudan har gått ut eller så stämmer länken inte riktigt. Rum tas bort efter 7 dagar utan drag.
room-gone-new-game = Starta ett nytt parti
room-gone-app = Öppna Cozcade-appen
