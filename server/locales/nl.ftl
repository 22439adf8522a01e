# The room server's own words, beside the app's (mobile/locales/nl.ftl, for the games' names):
# the preview a chat app shows for an invitation link, and the page of a room that is gone.
link-preview-title = Speel { $game } met mij op Cozcade
link-preview-description = Een vriend nodigt je uit voor een potje { $game }. Open de link om je plaats in te nemen; geen account nodig.
room-gone-title = Dit spel is er niet meer
room-gone-text = De uitnodiging is verlopen of de link klopt niet helemaal. Kamers worden na 7 dagen zonder spel verwijderd.
room-gone-new-game = Begin een nieuw spel
room-gone-app = Open de Cozcade-app
