app-title = Cozcade
home-heading = Välj ett spel
game-kalah = Kalaha
game-checkers = Dam (engelsk)
game-chinese-checkers = Kinaschack
blurb-kalah = Så frön runt brädet och samla fler än din motståndare.
blurb-checkers = Hoppa över motståndarens pjäser och kröna dina egna.
blurb-chinese-checkers = Hoppa med kulorna över stjärnan till den motsatta spetsen.
mode-heading = Hur vill du spela?
mode-computer = Mot datorn
mode-computer-note = Du spelar { $side } och börjar.
mode-same-device = Två spelare på den här enheten
mode-same-device-note = Lämna över enheten efter varje drag.
level-label = Nivå
level-easy = Lätt
level-medium = Medel
level-hard = Svår
saved-game = Sparat parti: { $moves ->
    [one] 1 drag
   *[other] { $moves } drag
  }
action-continue = Fortsätt
action-new-game = Nytt parti
action-undo = Ångra
action-pause = Pausa
action-hint = Tips
hints-used = { $count ->
    [one] { $count } tips
   *[other] { $count } tips
  }
action-resume = Fortsätt spela
action-retry = Försök igen
action-back = Tillbaka
action-menu = Spel
action-start-own-game = Starta ett eget parti
action-how-to-play = Så spelar du
action-cancel = Avbryt
action-skip = Hoppa över
action-switch-same-device = Fortsätt som två spelare
confirm-new-game = Börja ett nytt parti? Dragen i det här partiet försvinner.
confirm-yes = Börja om
confirm-no = Spela vidare
language-label = Språk
sound-label = Ljud
sound-on = Ljudet är på
sound-off = Ljudet är av
language-unavailable = { $language } kunde inte läsas in: första gången behövs nätverket.
side-gold = Guld
side-turquoise = Turkos
side-red = Röd
side-white = Vit
side-jade = Jade
side-coral = Korall
status-turn = { $side } drar
status-your-turn = Din tur ({ $side })
status-thinking = Datorn tänker…
status-paused = Pausat
board-tap-to-resume = Tryck för att spela vidare
status-last-move = Senaste drag: { $side } { $move }
status-no-moves-yet = Inga drag än
result-win = { $side } vinner!
result-you-win = Du vann!
result-computer-wins = Datorn vann.
result-draw-repetition = Oavgjort: samma ställning uppstod tre gånger.
result-draw-forty-moves = Oavgjort: fyrtio drag var utan slag eller drag med en vanlig pjäs.
result-draw-equal-seeds = Oavgjort: 24 frön var.
result-draw-no-moves = Oavgjort: ingen av er kan dra.
computer-failed = Datorn hittade inget drag.
computer-failed-again = Datorn misslyckades igen. Ni kan fortsätta som två spelare på den här enheten.
storage-unavailable = Det går inte att spara här ({ $reason }). Partiet fortsätter utan att sparas.
storage-failed = Partiet kunde inte sparas ({ $reason }). Partiet fortsätter utan att sparas.
kalah-board = Kalahabräde
kalah-pit = { $side } grop { $pit }: { $seeds ->
    [one] 1 frö
   *[other] { $seeds } frön
  }
kalah-store = { $side } förråd: { $seeds ->
    [one] 1 frö
   *[other] { $seeds } frön
  }
checkers-board = Dambräde
checkers-empty = Ruta { $square }
checkers-man = Ruta { $square }: { $side } pjäs
checkers-king = Ruta { $square }: { $side } kung
checkers-captured = (slagen i det här draget)
cc-board = Stjärna för kinaschack
cc-empty = Hål { $hole }
cc-marble = Hål { $hole }: { $side } kula
cc-arrivals = { $side } i mål: { $count }/10
action-pass = Passa
status-must-pass = { $side } kan inte dra och måste passa.
how-to-play-title = Så spelar du { $game }
how-kalah =
    Varje spelare har sex gropar och ett förråd. I början ligger fyra frön i varje grop.
    När det är din tur väljer du en av dina gropar som inte är tom. Fröna sås ett och ett moturs i de följande groparna och i ditt eget förråd, men aldrig i motståndarens.
    Hamnar sista fröet i ditt förråd får du dra igen.
    Hamnar sista fröet i en tom grop på din sida och det finns frön i gropen mittemot, tar du båda: fröet och allt mittemot läggs i ditt förråd.
    Så fort en rad är tom är partiet slut; den andra spelaren lägger fröna på sin sida i sitt eget förråd. Flest frön vinner; 24 var är oavgjort.
how-checkers =
    Varje sida börjar med tolv pjäser på de mörka rutorna. Röd börjar.
    En pjäs flyttar en ruta snett framåt. Står en av motståndarens pjäser bredvid din med en tom ruta bakom, hoppar du över den och tar den. Det är tvång att slå, och pjäsen fortsätter hoppa så länge den kan.
    En pjäs som når bortersta raden blir kung (märkt med en krona) och får även flytta och slå bakåt.
    Du vinner när motståndaren inte kan dra. Samma ställning tre gånger, eller fyrtio drag var utan slag eller drag med en vanlig pjäs, ger oavgjort.
how-chinese-checkers =
    Varje spelare har tio kulor i en spets av stjärnan: jade längst ner, korall längst upp. Jade börjar.
    En kula flyttar till ett tomt grannhål, eller hoppar över en enda granne till det tomma hålet direkt bakom. Hopp kan kedjas, även med svängar, och du får stanna efter vilket hopp som helst.
    Inget slås. En kula som har nått den motsatta spetsen stannar där.
    Den som först fyller den motsatta spetsen vinner; motståndarens kulor som står kvar där räknas som fyllda.
mode-online = Spela med en vän
mode-online-note = Skicka inbjudningslänken till din vän. Du spelar { $side } och börjar.
action-play-with-friend = Spela med en vän
online-creating = Öppnar ett rum…
online-create-failed = Rummet kunde inte öppnas ({ $reason }).
online-connecting = Ansluter…
online-connected = Ansluten
online-reconnecting = Anslutningen bröts. Ansluter igen (försök { $attempt })…
online-waiting-to-join = Väntar på att din vän ska ansluta
online-waiting-to-return = Väntar på att din vän ska komma tillbaka. Spelet väntar.
# The connection line's honest states, and the headline while the game cannot go on
online-offline = Offline
online-friend-joined = Din vän har anslutit
online-friend-left = Din vän lämnade spelet
online-friend-vanished = Din vän har varit borta ett tag. Du kan vänta vidare eller erbjuda platsen till någon annan: spelet blir som det är.
online-seat-offered = Platsen är ledig igen: skicka inbjudan till den som ska spela vidare.
online-offer-seat = Erbjud platsen igen
online-offer-seat-question = Erbjuda din väns plats till någon annan? Vännens länk slutar fungera, och den som öppnar inbjudan härnäst spelar vidare härifrån.
online-offer-seat-yes = Erbjud platsen
online-keep-waiting = Vänta vidare
online-friend-not-vanished = Din vän är tillbaka, eller har inte varit borta tillräckligt länge.
status-waiting-to-join = Väntar på att din vän ska ansluta
status-waiting-to-return = Väntar på att din vän ska komma tillbaka
status-friend-vanished = Din vän har varit borta ett tag
status-reconnecting = Ansluter igen… Dragen väntar på anslutningen.
status-offline = Dragen väntar tills nätverket är tillbaka.
online-invite-heading = Bjud in en vän
online-invite-note = Din vän öppnar den här länken för att ta den andra platsen.
online-invitation-link = Inbjudningslänk
online-share = Dela inbjudan
online-copy-link = Kopiera länk
online-another-device = Fortsätt på en annan enhet
online-another-device-warning = Det här är din egen länk till din plats: öppna den på din andra telefon, surfplatta eller dator för att spela vidare där. Den som har länken kan ta din plats, så skicka den bara till dig själv.
online-personal-link = Din personliga länk
online-personal-link-qr = Din personliga länk som QR-kod: skanna den med den andra enheten
online-share-personal-link = Dela personlig länk
online-another-device-share-text = Min plats i ett Cozcade-spel
online-new-link-note = Om länken har hamnat hos någon annan, gör en ny: den gamla länken slutar fungera överallt.
online-new-link = Gör en ny länk
online-new-link-making = Gör en ny länk…
online-new-link-made = Ny länk klar: den gamla fungerar inte längre.
online-new-link-failed = Det gick inte att göra en ny länk på den här enheten.
online-share-text = Spela { $game } med mig på Cozcade
online-shared = Inbjudan delad
online-link-copied = Länken kopierad
online-copy-failed = Länken kunde inte kopieras. Markera och kopiera den själv.
online-refused = Inte gjort: { $reason }
online-not-your-turn = Det är din väns tur.
online-busy = Vänta lite: ditt förra drag är fortfarande på väg.
online-round-over = Spelet är slut. Be om en ny omgång.
online-not-connected = Inte ansluten. Vänta tills anslutningen är tillbaka.
online-illegal-move = Det draget är inte tillåtet.
online-new-round = Ny omgång
online-new-round-asked = Din vän ber om en ny omgång.
online-new-round-waiting = Väntar på att din vän ska godkänna den nya omgången.
online-accept = Godkänn
online-leave = Lämna spelet
online-leave-question = Lämna för gott? Din plats går tillbaka till rummet.
online-leave-yes = Lämna
online-stay = Stanna
online-stop-replaced = Spelet öppnades på en annan enhet eller flik, så det stoppades här.
online-stop-left = Du har lämnat spelet.
online-stop-room-full = Rummet är fullt: två spelare är redan där.
online-stop-unknown-room = Rummet finns inte, eller så har det gått ut efter 7 dagar utan spel.
online-stop-room-expired = Rummet har gått ut efter 7 dagar utan spel.
online-stop-bad-seat-key = Din plats i rummet är inte längre din.
online-stop-seat-key-replaced = Länken har ersatts av sin ägare. Öppna den nya länken för att spela vidare.
online-stop-seat-offered = Du var borta ett tag, så den andra spelaren erbjöd din plats till någon annan. Be om inbjudan för att spela vidare.
online-stop-update = Rummet kräver en nyare version av Cozcade.
online-stop-refused = Rummet kunde inte öppnas ({ $reason }).
online-games-heading = Dina onlinespel
online-room-note = Rum { $room }
online-friend-wins = Din vän vinner.
online-friend-turn = Din väns tur ({ $side })
# Said inside online-create-failed and online-stop-refused when the device has no network.
online-needs-network = att spela online kräver nätverket, och den här enheten är offline

## The invited friend's welcome, and answering a request for a new round
welcome-title = Du är inbjuden
welcome-invited = En vän bjuder in dig att spela { $game }.
welcome-invited-unknown = En vän bjuder in dig till ett spel på Cozcade.
welcome-your-colour = Du spelar { $side }.
welcome-you-move-first = Du börjar.
welcome-friend-moves-first = Din vän spelar { $side } och börjar.
welcome-take-seat = Ta din plats
welcome-play-in-browser = Spela i webbläsaren
welcome-open-in-app = Öppna i appen
welcome-no-app = Ingen app än?
welcome-in-app = Du öppnade det här i { $app }. En plats som tas här går bara att hitta igen i { $app }: öppna det i din egen webbläsare för att alltid kunna komma tillbaka.
welcome-in-app-menu = Du öppnade det här i { $app }. En plats som tas här går bara att hitta igen i { $app }: välj ”Öppna i webbläsare” i menyn i { $app } för att alltid kunna komma tillbaka.
welcome-open-in-browser = Öppna i din webbläsare
welcome-play-here = Spela här
online-decline = Avböj
online-withdraw = Dra tillbaka
online-no-new-round-request = Det finns ingen begäran om en ny omgång att svara på.
online-new-round-declined-by-friend = Din vän avböjde en ny omgång.
online-new-round-declined-by-me = Du avböjde den nya omgången.
online-new-round-withdrawn-by-friend = Din vän drog tillbaka den nya omgången.
online-new-round-withdrawn-by-me = Du drog tillbaka din begäran om en ny omgång.

## The device's list of online games
online-games-friend-plays = Din vän spelar { $side }
online-games-your-turn = Din tur
online-games-friends-turn = Din väns tur
online-games-over = Spelet är slut
online-games-just-now = spelat nyss
online-games-minutes-ago = spelat för { $n } min sedan
online-games-hours-ago = spelat för { $n ->
    [one] 1 timme
   *[other] { $n } timmar
  } sedan
online-games-days-ago = spelat för { $n ->
    [one] 1 dag
   *[other] { $n } dagar
  } sedan
online-games-leave = Lämna
online-games-leave-question = Lämna det här spelet { $game } för gott? Din plats går tillbaka till rummet.

# The finish, passing the device, unfinished moves
confirm-new-round = Börja en ny omgång? Dragen i det här partiet försvinner när din vän säger ja.
chain-hint = Fortsätt hoppa: tryck på nästa ruta.
action-play-again = Spela igen
results-line = Ditt resultat mot { $level }: { $won ->
    [one] { $won } vinst
   *[other] { $won } vinster
  } · { $lost ->
    [one] { $lost } förlust
   *[other] { $lost } förluster
  } · { $drawn } oavgjorda
finish-see-board = Visa brädet
hand-over-to = Lämna över till { $side }
hand-over-ready = Tryck när du är redo
option-hand-over = Överlämningsskärm mellan dragen
option-turn-board = Vänd brädet mot den som ska dra
saved-game-level = Sparat parti ({ $level }): { $moves ->
    [one] 1 drag
   *[other] { $moves } drag
  }

## Motion and feedback: notes under the board and what the cells say.
bar-you = Du
bar-friend = Din vän
bar-computer = Datorn ({ $level })
bar-to-move = drar
bar-captured = { $count } tagna
bar-store = { $count } i förrådet
bar-home = { $count }/10 hemma
note-must-capture = Du måste slå
note-hint = Tips: { $move }
note-extra-turn = { $side } drar igen
note-captured = { $side } tog { $seeds ->
    [one] 1 frö
   *[other] { $seeds } frön
  }
cell-move-here = du kan flytta hit
cell-must-capture = måste slå

## What the other side did, told to screen readers once it has been shown.
announce-computer-moved = Datorn flyttade från { $from } till { $to }.
announce-computer-sowed = Datorn sådde grop { $pit }.
announce-computer-passed = Datorn stod över.
announce-friend-moved = Din vän flyttade från { $from } till { $to }.
announce-friend-sowed = Din vän sådde grop { $pit }.
announce-friend-passed = Din vän stod över.

action-not-now = Inte nu
app-not-opened = Appen öppnades inte: den finns nog inte på den här telefonen än. Hämta den i en butik, eller spela vidare här.
online-continue-in-app = Spelar du på den här telefonen? Fortsätt i appen: din plats och partiet följer med.
how-online-title = Spela med en vän
how-online =
    "{ mode-online }" öppnar ett rum och ger dig en inbjudningslänk: skicka den till din vän, som tar den andra platsen genom att öppna den.
    Din plats sparas på den här enheten. Under "{ online-another-device }" hittar du din personliga länk, även som QR-kod: öppna den på din andra telefon, surfplatta eller dator så spelar du vidare där. Den som har länken kan ta din plats, så om den hamnat hos någon annan, gör en ny där: den gamla länken slutar fungera.
    Om din vän är borta i tio minuter eller mer kan du erbjuda platsen igen: vännens länk slutar fungera, och den som öppnar inbjudan härnäst spelar vidare där ni var.

## Partiets drag, att titta tillbaka, att dela ett parti.
history-label = Drag
history-start = Start
history-move = { $side }: { $move }
history-back = Föregående drag
history-forward = Nästa drag
history-latest = Tillbaka till slutet
history-showing = { $ply ->
    [0] Början, av { $plies } drag
   *[other] Drag { $ply } av { $plies }
  }
action-share-game = Dela partiet
share-game-heading = { $game }: { $first } mot { $second }, { $date }
share-game-shared = Partiet delat
share-game-copied = Partiets drag kopierades: klistra in dem var du vill.
share-game-failed = Partiet kunde inte kopieras.

# Bildtexter till bilderna i Så spelar du.
how-diagram-kalah-start = Början: fyra frön i varje grop. Guld spelar den nedre raden och sår mot sitt förråd till höger.
how-diagram-kalah-again = Guld sår c: de fyra fröna hamnar i d, e, f och förrådet, så Guld drar igen.
how-diagram-checkers-start = Början: tolv pjäser var på de mörka rutorna. Röd, nederst, börjar.
how-diagram-chinese-checkers-start = Början: jade i den nedre spetsen, korall i den övre. Var och en spelar mot spetsen mittemot.
