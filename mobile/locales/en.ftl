app-title = Cozcade
home-heading = Choose a game
game-kalah = Kalah
game-checkers = Checkers
game-chinese-checkers = Chinese Checkers
blurb-kalah = Sow seeds around the board and gather more than your opponent.
blurb-checkers = Jump your opponent's pieces and crown your own.
blurb-chinese-checkers = Hop your marbles across the star into the far corner.
mode-heading = How do you want to play?
mode-computer = Against the computer
mode-computer-note = You play { $side } and move first.
mode-same-device = Two players on this device
mode-same-device-note = Pass the device after every turn.
level-label = Level
level-easy = Easy
level-medium = Medium
level-hard = Hard
saved-game = Saved game: { $moves ->
    [one] 1 move
   *[other] { $moves } moves
  }
action-continue = Continue
action-new-game = New game
action-undo = Undo
action-pause = Pause
action-hint = Hint
hints-used = { $count ->
    [one] { $count } hint
   *[other] { $count } hints
  }
action-resume = Resume
action-retry = Try again
action-back = Back
action-menu = Games
action-start-own-game = Start your own game
action-how-to-play = How to play
action-cancel = Cancel
action-skip = Skip
action-switch-same-device = Go on as two players
confirm-new-game = Start a new game? The moves of this one will be lost.
confirm-yes = Start again
confirm-no = Keep playing
language-label = Language
sound-label = Sound
sound-on = Sound is on
sound-off = Sound is off
# A language picked with no network, before the browser has kept its file; $language is its own name.
language-unavailable = { $language } could not be loaded: it needs the network the first time.
side-gold = Gold
side-turquoise = Turquoise
side-red = Red
side-white = White
side-jade = Jade
side-coral = Coral
status-turn = { $side } to move
status-your-turn = Your turn ({ $side })
status-thinking = The computer is thinking…
status-paused = Paused
board-tap-to-resume = Tap to resume
status-last-move = Last move: { $side } { $move }
status-no-moves-yet = No moves yet
result-win = { $side } wins!
result-you-win = You win!
result-computer-wins = The computer wins.
result-draw-repetition = Draw: the same position came up three times.
result-draw-forty-moves = Draw: forty moves each without a capture or a man move.
result-draw-equal-seeds = Draw: 24 seeds each.
result-draw-no-moves = Draw: neither side can move.
computer-failed = The computer could not find its move.
computer-failed-again = The computer failed again. You can go on as two players on this device.
storage-unavailable = Saving is not possible here ({ $reason }). The game goes on without saving.
storage-failed = This game could not be saved ({ $reason }). The game goes on without saving.
kalah-board = Kalah board
kalah-pit = { $side } pit { $pit }: { $seeds ->
    [one] 1 seed
   *[other] { $seeds } seeds
  }
kalah-store = { $side } store: { $seeds ->
    [one] 1 seed
   *[other] { $seeds } seeds
  }
checkers-board = Checkers board
checkers-empty = Square { $square }
checkers-man = Square { $square }: { $side } piece
checkers-king = Square { $square }: { $side } king
checkers-captured = (taken on this move)
cc-board = Chinese Checkers star
cc-empty = Hole { $hole }
cc-marble = Hole { $hole }: { $side } marble
cc-arrivals = { $side } home: { $count }/10
action-pass = Pass
status-must-pass = { $side } cannot move and must pass.
how-to-play-title = How to play { $game }
how-kalah =
    Each player has six pits and a store. At the start every pit holds four seeds.
    On your turn, pick one of your own pits that is not empty. Its seeds are sown one by one into the following pits, counter-clockwise, into your own store but never into your opponent's.
    If the last seed lands in your store, you move again.
    If the last seed lands in an empty pit on your side and the pit across holds seeds, you take both: that seed and everything across go into your store.
    As soon as one row is empty the game ends; the other player puts the seeds left on their side into their own store. Whoever has more seeds wins; 24 each is a draw.
how-checkers =
    Each side starts with twelve pieces on the dark squares. Red moves first.
    A piece moves one square diagonally forward. If an opposing piece is next to yours with an empty square behind it, you jump over it and take it. Taking is compulsory, and a piece keeps jumping for as long as it can.
    A piece that reaches the far row becomes a king (marked with a crown) and may move and jump backwards too.
    You win when your opponent cannot move. Three repetitions of the same position, or forty moves each without a capture or a man move, make a draw.
how-chinese-checkers =
    Each player has ten marbles in one point of the star: jade at the bottom, coral at the top. Jade moves first.
    A marble steps to a neighbouring empty hole, or hops over a single neighbouring marble into the empty hole right behind it. Hops can be chained, changing direction as you go, and you may stop after any hop.
    Nothing is taken. Once a marble has reached the opposite point, it stays inside it.
    The first to fill the opposite point wins; marbles of the opponent still sitting there count as filled.
mode-online = Play with a friend
mode-online-note = Send your friend the invitation link. You play { $side } and move first.
action-play-with-friend = Play with a friend
online-creating = Opening a room…
online-create-failed = The room could not be opened ({ $reason }).
online-connecting = Connecting…
online-connected = Connected
online-reconnecting = Connection lost. Reconnecting (attempt { $attempt })…
online-waiting-to-join = Waiting for your friend to join
online-waiting-to-return = Waiting for your friend to come back. The game waits.
# The connection line's honest states, and the headline while the game cannot go on
online-offline = Offline
online-friend-joined = Your friend joined
online-friend-left = Your friend left the game
online-friend-vanished = Your friend has been away for a while. You can keep waiting, or offer their seat to someone else: the game stays as it is.
online-seat-offered = The seat is free again: send the invitation to whoever should play on.
online-offer-seat = Offer the seat again
online-offer-seat-question = Offer your friend's seat to someone else? Their link stops working, and whoever opens the invitation next plays on from here.
online-offer-seat-yes = Offer the seat
online-keep-waiting = Keep waiting
online-friend-not-vanished = Your friend is back, or has not been away long enough.
status-waiting-to-join = Waiting for your friend to join
status-waiting-to-return = Waiting for your friend to come back
status-friend-vanished = Your friend has been away for a while
status-reconnecting = Reconnecting… Moves wait for the connection.
status-offline = Moves wait until the network is back.
online-invite-heading = Invite a friend
online-invite-note = Your friend opens this link to take the other seat.
online-invitation-link = Invitation link
online-share = Share invitation
online-copy-link = Copy link
online-another-device = Continue on another device
online-another-device-warning = This is your own link to your seat: open it on your other phone, tablet or computer to play on there. Anyone who has it can take your seat, so send it only to yourself.
online-personal-link = Your personal link
online-personal-link-qr = Your personal link as a QR code: scan it with the other device
online-share-personal-link = Share personal link
online-another-device-share-text = My seat in a Cozcade game
online-new-link-note = If this link reached someone else, make a new one: the old link stops working everywhere.
online-new-link = Make a new link
online-new-link-making = Making a new link…
online-new-link-made = New link made: the old one no longer works.
online-new-link-failed = No new link could be made on this device.
online-share-text = Play { $game } with me on Cozcade
online-shared = Invitation shared
online-link-copied = Link copied
online-copy-failed = The link could not be copied. Select it and copy it yourself.
online-refused = Not done: { $reason }
online-not-your-turn = It is your friend's turn.
online-busy = Wait a moment: your last move is still on its way.
online-round-over = This game is over. Ask for a new round.
online-not-connected = Not connected. Wait until the connection is back.
online-illegal-move = That move is not allowed.
online-new-round = New round
online-new-round-asked = Your friend asks for a new round.
online-new-round-waiting = Waiting for your friend to accept the new round.
online-accept = Accept
online-leave = Leave this game
online-leave-question = Leave for good? Your seat goes back to the room.
online-leave-yes = Leave
online-stay = Stay
online-stop-replaced = This game was opened on another device or tab, so it stopped here.
online-stop-left = You left this game.
online-stop-room-full = This room is full: two players are already in it.
online-stop-unknown-room = This room does not exist, or it expired after 7 days without play.
online-stop-room-expired = This room expired after 7 days without play.
online-stop-bad-seat-key = Your seat in this room is no longer yours.
online-stop-seat-key-replaced = This link was replaced by its owner. Open the new link to play on.
online-stop-seat-offered = You were away for a while, so the other player offered your seat to someone else. Ask them for the invitation to play on.
online-stop-update = This room needs a newer version of Cozcade.
online-stop-refused = The room could not be opened ({ $reason }).
online-games-heading = Your online games
online-room-note = Room { $room }
online-friend-wins = Your friend wins.
online-friend-turn = Your friend's turn ({ $side })
# Said inside online-create-failed and online-stop-refused when the device has no network.
online-needs-network = online play needs the network, and this device is offline

## The invited friend's welcome, and answering a request for a new round
welcome-title = You're invited
welcome-invited = A friend invited you to play { $game }.
welcome-invited-unknown = A friend invited you to a game on Cozcade.
welcome-your-colour = You play { $side }.
welcome-you-move-first = You move first.
welcome-friend-moves-first = Your friend plays { $side } and moves first.
welcome-take-seat = Take your seat
welcome-play-in-browser = Play in the browser
welcome-open-in-app = Open in the app
welcome-no-app = No app yet?
welcome-in-app = You opened this inside { $app }. A seat taken here can only be found again in { $app }: to play where you can always come back, open it in your own browser.
welcome-in-app-menu = You opened this inside { $app }. A seat taken here can only be found again in { $app }: to play where you can always come back, choose "Open in browser" in { $app }'s menu.
welcome-open-in-browser = Open in your browser
welcome-play-here = Play here
online-decline = Decline
online-withdraw = Withdraw
online-no-new-round-request = There is no request for a new round to answer.
online-new-round-declined-by-friend = Your friend declined a new round.
online-new-round-declined-by-me = You declined the new round.
online-new-round-withdrawn-by-friend = Your friend withdrew the new round.
online-new-round-withdrawn-by-me = You withdrew your request for a new round.

## The device's list of online games
online-games-friend-plays = Your friend plays { $side }
online-games-your-turn = Your turn
online-games-friends-turn = Your friend's turn
online-games-over = Game over
online-games-just-now = played just now
online-games-minutes-ago = played { $n } min ago
online-games-hours-ago = played { $n ->
    [one] 1 hour
   *[other] { $n } hours
  } ago
online-games-days-ago = played { $n ->
    [one] 1 day
   *[other] { $n } days
  } ago
online-games-leave = Leave
online-games-leave-question = Leave this game of { $game } for good? Your seat goes back to the room.

# The finish, passing the device, unfinished moves
confirm-new-round = Start a new round? The moves of this game will be lost once your friend agrees.
chain-hint = Keep jumping: tap the next landing.
action-play-again = Play again
results-line = Your record against { $level }: { $won ->
    [one] { $won } win
   *[other] { $won } wins
  } · { $lost ->
    [one] { $lost } loss
   *[other] { $lost } losses
  } · { $drawn ->
    [one] { $drawn } draw
   *[other] { $drawn } draws
  }
finish-see-board = See the board
hand-over-to = Pass to { $side }
hand-over-ready = Tap when ready
option-hand-over = Hand-over screen between turns
option-turn-board = Turn the board to the player to move
saved-game-level = Saved game ({ $level }): { $moves ->
    [one] 1 move
   *[other] { $moves } moves
  }

## Motion and feedback: notes under the board and what the cells say.
bar-you = You
bar-friend = Your friend
bar-computer = Computer ({ $level })
bar-to-move = to move
bar-captured = { $count } captured
bar-store = { $count } in store
bar-home = { $count }/10 home
note-must-capture = You must capture
note-hint = Hint: { $move }
note-extra-turn = { $side } plays again
note-captured = { $side } captured { $seeds ->
    [one] 1 seed
   *[other] { $seeds } seeds
  }
cell-move-here = you can move here
cell-must-capture = must capture

## What the other side did, told to screen readers once it has been shown.
announce-computer-moved = Computer moved from { $from } to { $to }.
announce-computer-sowed = Computer sowed pit { $pit }.
announce-computer-passed = Computer passed.
announce-friend-moved = Your friend moved from { $from } to { $to }.
announce-friend-sowed = Your friend sowed pit { $pit }.
announce-friend-passed = Your friend passed.

action-not-now = Not now
app-not-opened = The app did not open: it is probably not on this phone yet. Get it from a store, or go on playing here.
online-continue-in-app = Playing on this phone? Go on in the app: your seat and the game go with you.
how-online-title = Playing with a friend
how-online =
    "{ mode-online }" opens a room and gives you an invitation link: send it to your friend, who takes the other seat by opening it.
    Your seat is kept on this device. Under "{ online-another-device }" you find your personal link, also as a QR code: open it on your other phone, tablet or computer and you play on there. Anyone who has it can take your seat, so if it reached someone else, make a new one there: the old link stops working.
    If your friend stays away for ten minutes or more, you can offer their seat again: their link stops working, and whoever opens the invitation next plays on from where you were.

## The game's moves, looking back, sharing a game.
history-label = Moves
history-start = Start
history-move = { $side }: { $move }
history-back = Previous move
history-forward = Next move
history-latest = Back to the end
history-showing = { $ply ->
    [0] The start, of { $plies } moves
   *[other] Move { $ply } of { $plies }
  }
action-share-game = Share game
share-game-heading = { $game }: { $first } against { $second }, { $date }
share-game-shared = Game shared
share-game-copied = The game's moves were copied: paste them anywhere.
share-game-failed = The game could not be copied.

# Captions of the pictures in How to play.
how-diagram-kalah-start = The start: four seeds in every pit. Gold plays the bottom row and sows towards its store on the right.
how-diagram-kalah-again = Gold sows c: its four seeds go into d, e, f and the store, so Gold moves again.
how-diagram-checkers-start = The start: twelve pieces each on the dark squares. Red, at the bottom, moves first.
how-diagram-chinese-checkers-start = The start: jade in the bottom point, coral in the top one. Each plays into the point across.
