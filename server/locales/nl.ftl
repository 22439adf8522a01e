# The room server's own words, beside the app's (mobile/locales/nl.ftl, for the games' names):
# the preview a chat app shows for an invitation link, and the page of a room that is gone.
link-preview-title = Speel { $game } met mij op Cozcade
link-preview-description = Een vriend nodigt je uit voor een potje { $game }. Open de link om je plaats in te nemen; geen account nodig.
room-gone-title = Dit spel is er niet meer
room-gone-text = De uitnodiging is verlopen of de link klopt niet helemaal. Kamers worden na 7 dagen zonder spel verwijderd.
room-gone-new-game = Begin een nieuw spel
room-gone-app = Open de Cozcade-app
# The privacy policy at /privacy, which the store listings link to (fastlane/metadata/*/privacy_url.txt).
privacy-title = Privacy
privacy-summary = Cozcade heeft geen accounts, geen advertenties, geen analyse en geen tracking. De app verzamelt niets over jou.
privacy-device-heading = Wat de app op je apparaat bewaart
privacy-device = Je spellen tegen de computer en op één apparaat, de taal die je koos en de sleutels van je plaatsen in online kamers worden in de eigen opslag van de app op je apparaat bewaard. Ze blijven daar en verdwijnen als je de app verwijdert.
privacy-sent-heading = Wat de app verstuurt
privacy-sent = Niets, tenzij je online speelt. In een online spel stuurt de app de kamerserver alleen de handelingen van die kamer zelf: de kamer aanmaken of binnengaan, je zetten en de verzoeken en antwoorden van het spel, zoals een nieuwe ronde. Ze dragen de willekeurige id van de kamer en de sleutel van je plaats, nooit je naam, een account, een apparaat-id of je locatie.
privacy-server-heading = Wat de kamerserver bewaart
privacy-server = De server bewaart de zetten van elke kamer, zodat beide spelers hetzelfde bord zien, en bewaart sleutels van plaatsen alleen als hash. Een kamer wordt na 7 dagen zonder spel verwijderd. De server schrijft je netwerkadres niet op: hij gebruikt het in het geheugen, zolang je verbonden bent, om misbruik tegen te houden.
privacy-shared-heading = Wie het ziet
privacy-shared = De vriend in je kamer ziet je zetten, en verder niemand: de app bevat geen diensten, lettertypen of kits van derden, en er wordt niets verkocht of doorgegeven.
privacy-languages = Andere talen
