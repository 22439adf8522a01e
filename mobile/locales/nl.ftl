app-title = Cozcade
home-heading = Kies een spel
game-kalah = Kalaha
game-checkers = Dammen (Engels)
game-chinese-checkers = Chinees dammen
blurb-kalah = Zaai zaden rond het bord en verzamel er meer dan je tegenstander.
blurb-checkers = Spring over de stukken van je tegenstander en kroon je eigen stukken.
blurb-chinese-checkers = Spring met je knikkers over de ster naar de overkant.
mode-heading = Hoe wil je spelen?
mode-computer = Tegen de computer
mode-computer-note = Jij speelt { $side } en begint.
mode-same-device = Met z'n tweeën op dit apparaat
mode-same-device-note = Geef het apparaat na elke beurt door.
level-label = Niveau
level-easy = Makkelijk
level-medium = Gemiddeld
level-hard = Moeilijk
saved-game = Opgeslagen spel: { $moves ->
    [one] 1 zet
   *[other] { $moves } zetten
  }
action-continue = Verder spelen
action-new-game = Nieuw spel
action-undo = Ongedaan maken
action-pause = Pauze
action-hint = Hint
hints-used = { $count ->
    [one] { $count } hint
   *[other] { $count } hints
  }
action-resume = Hervatten
action-retry = Opnieuw proberen
action-back = Terug
action-menu = Spellen
action-start-own-game = Begin je eigen spel
action-how-to-play = Spelregels
action-cancel = Annuleren
action-skip = Overslaan
action-switch-same-device = Verder met z'n tweeën
confirm-new-game = Een nieuw spel beginnen? De zetten van dit spel gaan verloren.
confirm-yes = Opnieuw beginnen
confirm-no = Dit spel houden
language-label = Taal
sound-label = Geluid
sound-on = Geluid staat aan
sound-off = Geluid staat uit
language-unavailable = { $language } kon niet worden geladen: de eerste keer is daar een netwerk voor nodig.
side-gold = Goud
side-turquoise = Turquoise
side-red = Rood
side-white = Wit
side-jade = Jade
side-coral = Koraal
status-turn = { $side } is aan zet
status-your-turn = Jij bent aan zet ({ $side })
status-thinking = De computer denkt na…
status-paused = Gepauzeerd
board-tap-to-resume = Tik om verder te spelen
status-last-move = Laatste zet: { $side } { $move }
status-no-moves-yet = Nog geen zetten
result-win = { $side } wint!
result-you-win = Je hebt gewonnen!
result-computer-wins = De computer wint.
result-draw-repetition = Remise: dezelfde stelling kwam drie keer voor.
result-draw-forty-moves = Remise: veertig zetten per speler zonder slag of zet met een gewone schijf.
result-draw-equal-seeds = Remise: ieder 24 zaden.
result-draw-no-moves = Remise: geen van beiden kan nog zetten.
computer-failed = De computer kon geen zet vinden.
computer-failed-again = Het lukte de computer weer niet. Je kunt met z'n tweeën op dit apparaat verder spelen.
storage-unavailable = Opslaan kan hier niet ({ $reason }). Het spel gaat door zonder opslaan.
storage-failed = Dit spel kon niet worden opgeslagen ({ $reason }). Het spel gaat door zonder opslaan.
kalah-board = Kalaha-bord
kalah-pit = { $side } kuiltje { $pit }: { $seeds ->
    [one] 1 zaadje
   *[other] { $seeds } zaadjes
  }
kalah-store = { $side } voorraad: { $seeds ->
    [one] 1 zaadje
   *[other] { $seeds } zaadjes
  }
checkers-board = Dambord
checkers-empty = Veld { $square }
checkers-man = Veld { $square }: { $side } schijf
checkers-king = Veld { $square }: { $side } koning
checkers-captured = (geslagen in deze zet)
cc-board = Ster voor Chinees dammen
cc-empty = Gaatje { $hole }
cc-marble = Gaatje { $hole }: { $side } knikker
cc-arrivals = { $side } thuis: { $count }/10
action-pass = Passen
status-must-pass = { $side } kan niet zetten en moet passen.
how-to-play-title = Zo speel je { $game }
how-kalah =
    Elke speler heeft zes kuiltjes en een voorraadbak. Bij het begin liggen er in elk kuiltje vier zaadjes.
    Kies als je aan de beurt bent een eigen kuiltje dat niet leeg is. De zaadjes gaan er één voor één uit, tegen de klok in, in de volgende kuiltjes en in je eigen voorraadbak, maar nooit in die van je tegenstander.
    Valt het laatste zaadje in je voorraadbak, dan ben je nog een keer aan de beurt.
    Valt het laatste zaadje in een leeg kuiltje aan jouw kant terwijl er tegenover zaadjes liggen, dan neem je ze allebei: dat zaadje en alles wat tegenover ligt gaan naar je voorraadbak.
    Zodra een rij leeg is, is het spel uit; de ander legt de zaadjes aan de eigen kant in de eigen voorraadbak. Wie de meeste zaadjes heeft, wint; 24 elk is gelijkspel.
how-checkers =
    Iedere kant begint met twaalf schijven op de donkere velden. Rood begint.
    Een schijf gaat één veld schuin vooruit. Staat er een schijf van de tegenstander naast die van jou met een leeg veld erachter, dan spring je eroverheen en sla je hem. Slaan is verplicht, en een schijf blijft springen zolang het kan.
    Een schijf die de overkant bereikt, wordt koning (met een kroon) en mag ook achteruit zetten en slaan.
    Je wint als je tegenstander niet meer kan zetten. Drie keer dezelfde stelling, of veertig zetten per speler zonder slag of zet met een gewone schijf, is remise.
how-chinese-checkers =
    Elke speler heeft tien knikkers in een punt van de ster: jade onderaan, koraal bovenaan. Jade begint.
    Een knikker gaat naar een leeg gaatje ernaast, of springt over één knikker ernaast naar het lege gaatje direct daarachter. Sprongen mag je aan elkaar rijgen, ook met een bocht, en na elke sprong mag je stoppen.
    Er wordt niets geslagen. Een knikker die de overkant heeft bereikt, blijft daar.
    Wie als eerste de overkant vult, wint; knikkers van de tegenstander die daar nog staan tellen mee als gevuld.
mode-online = Spelen met een vriend
mode-online-note = Stuur je vriend de uitnodigingslink. Jij speelt { $side } en begint.
action-play-with-friend = Spelen met een vriend
online-creating = Kamer wordt geopend…
online-create-failed = De kamer kon niet worden geopend ({ $reason }).
online-connecting = Verbinden…
online-connected = Verbonden
online-reconnecting = Verbinding verbroken. Opnieuw verbinden (poging { $attempt })…
online-waiting-to-join = Wachten tot je vriend meedoet
online-waiting-to-return = Wachten tot je vriend terugkomt. Het spel wacht.
# The connection line's honest states, and the headline while the game cannot go on
online-offline = Offline
online-friend-joined = Je vriend doet mee
online-friend-left = Je vriend heeft het spel verlaten
online-friend-vanished = Je vriend is al een tijdje weg. Je kunt blijven wachten, of de plaats aan iemand anders aanbieden: het spel blijft zoals het is.
online-seat-offered = De plaats is weer vrij: stuur de uitnodiging naar wie verder moet spelen.
online-offer-seat = Plaats opnieuw aanbieden
online-offer-seat-question = De plaats van je vriend aan iemand anders aanbieden? Hun link werkt dan niet meer, en wie de uitnodiging als volgende opent, speelt hier verder.
online-offer-seat-yes = Plaats aanbieden
online-keep-waiting = Blijven wachten
online-friend-not-vanished = Je vriend is terug, of is nog niet lang genoeg weg.
status-waiting-to-join = Wachten tot je vriend meedoet
status-waiting-to-return = Wachten tot je vriend terugkomt
status-friend-vanished = Je vriend is al een tijdje weg
status-reconnecting = Opnieuw verbinden… Zetten wachten op de verbinding.
status-offline = Zetten wachten tot het netwerk terug is.
online-invite-heading = Nodig een vriend uit
online-invite-note = Je vriend opent deze link om de andere plaats in te nemen.
online-invitation-link = Uitnodigingslink
online-share = Uitnodiging delen
online-copy-link = Link kopiëren
online-another-device = Verder op een ander apparaat
online-another-device-warning = Dit is je eigen link naar je plaats: open hem op je andere telefoon, tablet of computer om daar verder te spelen. Wie de link heeft, kan je plaats innemen, dus stuur hem alleen naar jezelf.
online-personal-link = Je persoonlijke link
online-personal-link-qr = Je persoonlijke link als QR-code: scan hem met het andere apparaat
online-share-personal-link = Persoonlijke link delen
online-another-device-share-text = Mijn plaats in een Cozcade-spel
online-new-link-note = Is deze link bij iemand anders terechtgekomen? Maak een nieuwe: de oude link werkt dan nergens meer.
online-new-link = Nieuwe link maken
online-new-link-making = Nieuwe link wordt gemaakt…
online-new-link-made = Nieuwe link gemaakt: de oude werkt niet meer.
online-new-link-failed = Op dit apparaat kon geen nieuwe link worden gemaakt.
online-share-text = Speel { $game } met mij op Cozcade
online-shared = Uitnodiging gedeeld
online-link-copied = Link gekopieerd
online-copy-failed = De link kon niet worden gekopieerd. Selecteer en kopieer hem zelf.
online-refused = Niet gedaan: { $reason }
online-not-your-turn = Je vriend is aan de beurt.
online-busy = Even wachten: je vorige zet is nog onderweg.
online-round-over = Dit spel is afgelopen. Vraag om een nieuwe ronde.
online-not-connected = Niet verbonden. Wacht tot de verbinding terug is.
online-illegal-move = Die zet is niet toegestaan.
online-new-round = Nieuwe ronde
online-new-round-asked = Je vriend vraagt om een nieuwe ronde.
online-new-round-waiting = Wachten tot je vriend de nieuwe ronde accepteert.
online-accept = Accepteren
online-leave = Dit spel verlaten
online-leave-question = Voorgoed verlaten? Je plaats gaat terug naar de kamer.
online-leave-yes = Verlaten
online-stay = Blijven
online-stop-replaced = Dit spel is op een ander apparaat of tabblad geopend en is hier gestopt.
online-stop-left = Je hebt dit spel verlaten.
online-stop-room-full = Deze kamer is vol: er zitten al twee spelers in.
online-stop-unknown-room = Deze kamer bestaat niet, of is verlopen na 7 dagen zonder spel.
online-stop-room-expired = Deze kamer is verlopen na 7 dagen zonder spel.
online-stop-bad-seat-key = Je plaats in deze kamer is niet meer van jou.
online-stop-seat-key-replaced = Deze link is door de eigenaar vervangen. Open de nieuwe link om verder te spelen.
online-stop-seat-offered = Je was een tijdje weg, dus de andere speler heeft je plaats aan iemand anders aangeboden. Vraag om de uitnodiging om verder te spelen.
online-stop-update = Deze kamer vraagt een nieuwere versie van Cozcade.
online-stop-refused = De kamer kon niet worden geopend ({ $reason }).
online-games-heading = Je online spellen
online-room-note = Kamer { $room }
online-friend-wins = Je vriend wint.
online-friend-turn = Je vriend is aan zet ({ $side })
# Said inside online-create-failed and online-stop-refused when the device has no network.
online-needs-network = online spelen heeft het netwerk nodig, en dit apparaat is offline

## The invited friend's welcome, and answering a request for a new round
welcome-title = Je bent uitgenodigd
welcome-invited = Een vriend nodigt je uit om { $game } te spelen.
welcome-invited-unknown = Een vriend nodigt je uit voor een spel op Cozcade.
welcome-your-colour = Jij speelt { $side }.
welcome-you-move-first = Jij begint.
welcome-friend-moves-first = Je vriend speelt { $side } en begint.
welcome-take-seat = Neem je plaats in
welcome-play-in-browser = Speel in de browser
welcome-open-in-app = Open in de app
welcome-no-app = Nog geen app?
welcome-in-app = Je opende dit in { $app }. Een plaats die je hier neemt, vind je alleen in { $app } terug: open het in je eigen browser om altijd terug te kunnen komen.
welcome-in-app-menu = Je opende dit in { $app }. Een plaats die je hier neemt, vind je alleen in { $app } terug: kies „Openen in browser” in het menu van { $app } om altijd terug te kunnen komen.
welcome-open-in-browser = Openen in je browser
welcome-play-here = Hier spelen
online-decline = Weigeren
online-withdraw = Intrekken
online-no-new-round-request = Er is geen verzoek om een nieuwe ronde om te beantwoorden.
online-new-round-declined-by-friend = Je vriend heeft een nieuwe ronde geweigerd.
online-new-round-declined-by-me = Je hebt de nieuwe ronde geweigerd.
online-new-round-withdrawn-by-friend = Je vriend heeft de nieuwe ronde ingetrokken.
online-new-round-withdrawn-by-me = Je hebt je verzoek om een nieuwe ronde ingetrokken.

## The device's list of online games
online-games-friend-plays = Je vriend speelt { $side }
online-games-your-turn = Jij bent aan zet
online-games-friends-turn = Je vriend is aan zet
online-games-over = Spel voorbij
online-games-just-now = zojuist gespeeld
online-games-minutes-ago = { $n } min geleden gespeeld
online-games-hours-ago = { $n } uur geleden gespeeld
online-games-days-ago = { $n ->
    [one] 1 dag
   *[other] { $n } dagen
  } geleden gespeeld
online-games-leave = Verlaten
online-games-leave-question = Dit spel { $game } voorgoed verlaten? Je plaats gaat terug naar de kamer.

# The finish, passing the device, unfinished moves
confirm-new-round = Een nieuwe ronde beginnen? De zetten van dit spel gaan verloren zodra je vriend akkoord gaat.
chain-hint = Blijf slaan: tik op het volgende veld.
action-play-again = Nog een keer
results-line = Jouw score tegen { $level }: { $won } gewonnen · { $lost } verloren · { $drawn } gelijkspel
finish-see-board = Bekijk het bord
hand-over-to = Geef door aan { $side }
hand-over-ready = Tik als je klaar bent
option-hand-over = Doorgeefscherm tussen de beurten
option-turn-board = Draai het bord naar wie aan zet is
saved-game-level = Opgeslagen spel ({ $level }): { $moves ->
    [one] 1 zet
   *[other] { $moves } zetten
  }

## Motion and feedback: notes under the board and what the cells say.
bar-you = Jij
bar-friend = Je vriend
bar-computer = Computer ({ $level })
bar-to-move = aan zet
bar-captured = { $count } geslagen
bar-store = { $count } in voorraad
bar-home = { $count }/10 thuis
note-must-capture = Je moet slaan
note-hint = Hint: { $move }
note-extra-turn = { $side } is nog een keer aan zet
note-captured = { $side } sloeg { $seeds ->
    [one] 1 zaadje
   *[other] { $seeds } zaadjes
  }
cell-move-here = je kunt hierheen
cell-must-capture = moet slaan

## What the other side did, told to screen readers once it has been shown.
announce-computer-moved = De computer zette van { $from } naar { $to }.
announce-computer-sowed = De computer zaaide kuiltje { $pit }.
announce-computer-passed = De computer paste.
announce-friend-moved = Je vriend zette van { $from } naar { $to }.
announce-friend-sowed = Je vriend zaaide kuiltje { $pit }.
announce-friend-passed = Je vriend paste.

action-not-now = Niet nu
app-not-opened = De app ging niet open: hij staat waarschijnlijk nog niet op deze telefoon. Haal hem uit een winkel, of speel hier verder.
online-continue-in-app = Speel je op deze telefoon? Ga verder in de app: je plaats en het spel gaan mee.
how-online-title = Spelen met een vriend
how-online =
    "{ mode-online }" opent een kamer en geeft je een uitnodigingslink: stuur die naar je vriend, die de andere plaats inneemt door hem te openen.
    Je plaats blijft op dit apparaat bewaard. Onder "{ online-another-device }" vind je je persoonlijke link, ook als QR-code: open hem op je andere telefoon, tablet of computer en je speelt daar verder. Wie hem heeft, kan je plaats innemen; is hij bij iemand anders terechtgekomen, maak daar dan een nieuwe: de oude link werkt dan niet meer.
    Blijft je vriend tien minuten of langer weg, dan kun je de plaats opnieuw aanbieden: hun link werkt dan niet meer, en wie de uitnodiging als volgende opent, speelt verder waar jullie waren.

## De zetten van de partij, terugkijken, een partij delen.
history-label = Zetten
history-start = Begin
history-move = { $side }: { $move }
history-back = Vorige zet
history-forward = Volgende zet
history-latest = Terug naar het einde
history-showing = { $ply ->
    [0] Het begin, van { $plies } zetten
   *[other] Zet { $ply } van { $plies }
  }
action-share-game = Partij delen
share-game-heading = { $game }: { $first } tegen { $second }, { $date }
share-game-shared = Partij gedeeld
share-game-copied = De zetten van de partij zijn gekopieerd: plak ze waar je wilt.
share-game-failed = De partij kon niet worden gekopieerd.

# Bijschriften bij de tekeningen in Hoe speel je.
how-diagram-kalah-start = Het begin: vier zaden in elk putje. Goud speelt de onderste rij en zaait naar zijn voorraad rechts.
how-diagram-kalah-again = Goud zaait c: de vier zaden gaan naar d, e, f en de voorraad, dus Goud is nog eens aan zet.
how-diagram-checkers-start = Het begin: elk twaalf stukken op de donkere velden. Rood, onderaan, begint.
how-diagram-chinese-checkers-start = Het begin: jade in de onderste punt, koraal in de bovenste. Elk speelt naar de punt tegenover.
