# The room server's own words, beside the app's (mobile/locales/sv.ftl, for the games' names):
# the preview a chat app shows for an invitation link, and the page of a room that is gone.
link-preview-title = Spela { $game } med mig på Cozcade
link-preview-description = En vän bjuder in dig till ett parti { $game }. Öppna länken för att ta din plats; inget konto behövs.
room-gone-title = Det här partiet finns inte längre
room-gone-text = Inbjudan har gått ut eller så stämmer länken inte riktigt. Rum tas bort efter 7 dagar utan drag.
room-gone-new-game = Starta ett nytt parti
room-gone-app = Öppna Cozcade-appen
# The privacy policy at /privacy, which the store listings link to (fastlane/metadata/*/privacy_url.txt).
privacy-title = Integritet
privacy-summary = Cozcade har inga konton, ingen reklam, ingen analys och ingen spårning. Appen samlar inte in något om dig.
privacy-device-heading = Vad appen sparar på din enhet
privacy-device = Dina partier mot datorn och på en enhet, språket du valde och nycklarna till dina platser i onlinerum sparas i appens egen lagring på din enhet. De stannar där och tas bort tillsammans med appen.
privacy-sent-heading = Vad appen skickar
privacy-sent = Ingenting, om du inte spelar online. I ett onlineparti skickar appen bara rummets egna handlingar till rumsservern: att skapa eller gå med i rummet, dina drag och spelets förfrågningar och svar, till exempel en ny omgång. De bär rummets slumpmässiga id och din plats nyckel, aldrig ditt namn, ett konto, ett enhets-id eller din plats i världen.
privacy-server-heading = Vad rumsservern sparar
privacy-server = Servern sparar varje rums drag så att båda spelarna ser samma bräde, och sparar platsnycklar bara som hashvärden. Ett rum tas bort efter 7 dagar utan drag. Servern skriver inte ner din nätverksadress: den använder den i minnet, medan du är ansluten, för att hålla missbruk borta.
privacy-shared-heading = Vem som ser det
privacy-shared = Vännen i ditt rum ser dina drag, och ingen annan: appen innehåller inga tjänster, typsnitt eller kit från tredje part, och inget säljs eller lämnas vidare.
privacy-languages = Andra språk
