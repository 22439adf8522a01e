app-title = Cozcade
home-heading = Выберите игру
game-kalah = Калах
game-checkers = Шашки (английские)
game-chinese-checkers = Китайские шашки
blurb-kalah = Раскладывайте камни по лункам и соберите больше, чем соперник.
blurb-checkers = Бейте шашки соперника и проводите свои в дамки.
blurb-chinese-checkers = Перепрыгивайте шариками через звезду в противоположный луч.
mode-heading = Как будете играть?
mode-computer = Против компьютера
mode-computer-note = Ваш цвет: { $side }. Вы ходите первым.
mode-same-device = Вдвоём на одном устройстве
mode-same-device-note = Передавайте устройство после каждого хода.
level-label = Уровень
level-easy = Лёгкий
level-medium = Средний
level-hard = Сложный
saved-game = Сохранённая партия: { $moves ->
    [one] { $moves } ход
    [few] { $moves } хода
   *[other] { $moves } ходов
  }
action-continue = Продолжить
action-new-game = Новая игра
action-undo = Вернуть ход
action-pause = Пауза
action-hint = Подсказка
hints-used = { $count ->
    [one] { $count } подсказка
    [few] { $count } подсказки
   *[other] { $count } подсказок
  }
action-resume = Продолжить игру
action-retry = Попробовать снова
action-back = Назад
action-menu = Игры
action-start-own-game = Начать свою игру
action-how-to-play = Правила
action-cancel = Отмена
action-skip = Пропустить
action-switch-same-device = Играть дальше вдвоём
confirm-new-game = Начать новую игру? Ходы этой партии будут потеряны.
confirm-yes = Начать заново
confirm-no = Продолжить партию
language-label = Язык
sound-label = Звук
sound-on = Звук включён
sound-off = Звук выключен
language-unavailable = Не удалось загрузить язык «{ $language }»: в первый раз для этого нужна сеть.
side-gold = Золотые
side-turquoise = Бирюзовые
side-red = Красные
side-white = Белые
side-jade = Нефритовые
side-coral = Коралловые
status-turn = Ходят { $side }
status-your-turn = Ваш ход ({ $side })
status-thinking = Компьютер думает…
status-paused = Пауза
board-tap-to-resume = Коснитесь, чтобы продолжить
status-last-move = Последний ход: { $side } { $move }
status-no-moves-yet = Ходов ещё не было
result-win = Победили { $side }!
result-you-win = Вы победили!
result-computer-wins = Победил компьютер.
result-draw-repetition = Ничья: одна и та же позиция повторилась трижды.
result-draw-forty-moves = Ничья: по сорок ходов без взятий и ходов простыми шашками.
result-draw-equal-seeds = Ничья: по 24 камня.
result-draw-no-moves = Ничья: ни одна сторона не может ходить.
computer-failed = Компьютер не смог найти ход.
computer-failed-again = Компьютер снова не справился. Можно продолжить вдвоём на этом устройстве.
storage-unavailable = Сохранение здесь недоступно ({ $reason }). Игра продолжается без сохранения.
storage-failed = Не удалось сохранить партию ({ $reason }). Игра продолжается без сохранения.
kalah-board = Доска калаха
kalah-pit = { $side }, лунка { $pit }: { $seeds ->
    [one] { $seeds } камень
    [few] { $seeds } камня
   *[other] { $seeds } камней
  }
kalah-store = { $side }, калах: { $seeds ->
    [one] { $seeds } камень
    [few] { $seeds } камня
   *[other] { $seeds } камней
  }
checkers-board = Шашечная доска
checkers-empty = Поле { $square }
checkers-man = Поле { $square }: { $side }, шашка
checkers-king = Поле { $square }: { $side }, дамка
checkers-captured = (взята этим ходом)
cc-board = Звезда китайских шашек
cc-empty = Лунка { $hole }
cc-marble = Лунка { $hole }: { $side }, шарик
cc-arrivals = { $side } дома: { $count }/10
action-pass = Пропустить ход
status-must-pass = { $side } не могут ходить и пропускают ход.
how-to-play-title = Как играть: { $game }
how-kalah =
    У каждого игрока шесть лунок и свой калах. В начале в каждой лунке по четыре камня.
    В свой ход возьмите все камни из любой своей непустой лунки и разложите их по одному против часовой стрелки в следующие лунки и в свой калах; калах соперника пропускается.
    Если последний камень попал в ваш калах, вы ходите ещё раз.
    Если последний камень попал в пустую лунку на вашей стороне, а в лунке напротив есть камни, вы забираете и этот камень, и все камни напротив в свой калах.
    Как только один ряд опустел, игра заканчивается; другой игрок кладёт оставшиеся на своей стороне камни в свой калах. Побеждает тот, у кого больше камней; 24 на 24 — ничья.
how-checkers =
    У каждой стороны двенадцать шашек на тёмных полях. Первыми ходят красные.
    Шашка ходит на одно поле по диагонали вперёд. Если рядом стоит шашка соперника, а за ней свободное поле, вы перепрыгиваете через неё и снимаете её с доски. Бить обязательно, и шашка продолжает бить, пока может.
    Шашка, дошедшая до последнего ряда, становится дамкой (с короной) и может ходить и бить назад.
    Вы побеждаете, когда соперник не может сделать ход. Трёхкратное повторение позиции или по сорок ходов без взятий и ходов простыми шашками — ничья.
how-chinese-checkers =
    У каждого игрока десять шариков в одном луче звезды: нефритовые внизу, коралловые наверху. Первыми ходят нефритовые.
    Шарик переходит в соседнюю свободную лунку или перепрыгивает через один соседний шарик в свободную лунку сразу за ним. Прыжки можно продолжать, меняя направление, и остановиться после любого из них.
    Ничего не снимается. Шарик, дошедший до противоположного луча, остаётся в нём.
    Побеждает тот, кто первым заполнит противоположный луч; оставшиеся там шарики соперника считаются заполнением.
mode-online = Играть с другом
mode-online-note = Отправьте другу ссылку-приглашение. Вы играете за { $side } и ходите первым.
action-play-with-friend = Играть с другом
online-creating = Открываем комнату…
online-create-failed = Не удалось открыть комнату ({ $reason }).
online-connecting = Подключение…
online-connected = Подключено
online-reconnecting = Связь потеряна. Переподключение (попытка { $attempt })…
online-waiting-to-join = Ждём, когда друг присоединится
online-waiting-to-return = Ждём, когда друг вернётся. Игра ждёт.
# The connection line's honest states, and the headline while the game cannot go on
online-offline = Нет сети
online-friend-joined = Друг присоединился
online-friend-left = Друг покинул игру
online-friend-vanished = Друга давно нет. Можно подождать ещё или предложить его место кому-то другому: партия останется как есть.
online-seat-offered = Место снова свободно: отправьте приглашение тому, кто продолжит игру.
online-offer-seat = Предложить место снова
online-offer-seat-question = Предложить место друга кому-то другому? Его ссылка перестанет работать, а тот, кто следующим откроет приглашение, продолжит партию с этого места.
online-offer-seat-yes = Предложить место
online-keep-waiting = Подождать ещё
online-friend-not-vanished = Друг вернулся или отсутствует ещё недостаточно долго.
status-waiting-to-join = Ждём, когда друг присоединится
status-waiting-to-return = Ждём, когда друг вернётся
status-friend-vanished = Друга давно нет
status-reconnecting = Переподключение… Ходы ждут связи.
status-offline = Ходы ждут, пока не вернётся сеть.
online-invite-heading = Пригласить друга
online-invite-note = Друг открывает эту ссылку, чтобы занять второе место.
online-invitation-link = Ссылка-приглашение
online-share = Поделиться приглашением
online-copy-link = Копировать ссылку
online-another-device = Продолжить на другом устройстве
online-another-device-warning = Это ваша личная ссылка на ваше место: откройте её на другом телефоне, планшете или компьютере, чтобы играть там. Любой, у кого она есть, может занять ваше место, поэтому отправляйте её только себе.
online-personal-link = Ваша личная ссылка
online-personal-link-qr = Ваша личная ссылка в виде QR-кода: отсканируйте его другим устройством
online-share-personal-link = Поделиться личной ссылкой
online-another-device-share-text = Моё место в игре Cozcade
online-new-link-note = Если ссылка попала к кому-то другому, создайте новую: старая перестанет работать везде.
online-new-link = Создать новую ссылку
online-new-link-making = Создаём новую ссылку…
online-new-link-made = Новая ссылка готова: старая больше не работает.
online-new-link-failed = На этом устройстве не удалось создать новую ссылку.
online-share-text = Сыграй со мной в { $game } в Cozcade
online-shared = Приглашение отправлено
online-link-copied = Ссылка скопирована
online-copy-failed = Не удалось скопировать ссылку. Выделите и скопируйте её сами.
online-refused = Не выполнено: { $reason }
online-not-your-turn = Сейчас ход друга.
online-busy = Подождите: ваш предыдущий ход ещё в пути.
online-round-over = Эта партия окончена. Предложите новый раунд.
online-not-connected = Нет связи. Подождите, пока она восстановится.
online-illegal-move = Такой ход не разрешён.
online-new-round = Новый раунд
online-new-round-asked = Друг предлагает новый раунд.
online-new-round-waiting = Ждём, когда друг примет новый раунд.
online-accept = Принять
online-leave = Покинуть игру
online-leave-question = Покинуть насовсем? Ваше место вернётся в комнату.
online-leave-yes = Покинуть
online-stay = Остаться
online-stop-replaced = Эту игру открыли на другом устройстве или во вкладке, поэтому здесь она остановлена.
online-stop-left = Вы покинули эту игру.
online-stop-room-full = Комната заполнена: в ней уже два игрока.
online-stop-unknown-room = Такой комнаты нет, или она удалена после 7 дней без игры.
online-stop-room-expired = Комната удалена после 7 дней без игры.
online-stop-bad-seat-key = Ваше место в этой комнате больше не ваше.
online-stop-seat-key-replaced = Владелец заменил эту ссылку. Откройте новую ссылку, чтобы продолжить игру.
online-stop-seat-offered = Вас долго не было, и другой игрок предложил ваше место кому-то ещё. Попросите у него приглашение, чтобы продолжить игру.
online-stop-update = Для этой комнаты нужна более новая версия Cozcade.
online-stop-refused = Не удалось открыть комнату ({ $reason }).
online-games-heading = Ваши онлайн-игры
online-room-note = Комната { $room }
online-friend-wins = Друг победил.
online-friend-turn = Ход друга ({ $side })
# Said inside online-create-failed and online-stop-refused when the device has no network.
online-needs-network = для игры онлайн нужна сеть, а это устройство сейчас не в сети

## The invited friend's welcome, and answering a request for a new round
welcome-title = Вас пригласили
welcome-invited = Друг приглашает вас сыграть: { $game }.
welcome-invited-unknown = Друг приглашает вас сыграть в Cozcade.
welcome-your-colour = Вы играете: { $side }.
welcome-you-move-first = Вы ходите первым.
welcome-friend-moves-first = Друг играет: { $side } и ходит первым.
welcome-take-seat = Занять место
welcome-play-in-browser = Играть в браузере
welcome-open-in-app = Открыть в приложении
welcome-no-app = Ещё нет приложения?
welcome-in-app = Вы открыли это внутри { $app }. Место, занятое здесь, найдётся только в { $app }: чтобы всегда можно было вернуться, откройте ссылку в своём браузере.
welcome-in-app-menu = Вы открыли это внутри { $app }. Место, занятое здесь, найдётся только в { $app }: чтобы всегда можно было вернуться, выберите «Открыть в браузере» в меню { $app }.
welcome-open-in-browser = Открыть в своём браузере
welcome-play-here = Играть здесь
online-decline = Отклонить
online-withdraw = Отозвать
online-no-new-round-request = Нет запроса на новый раунд, на который можно ответить.
online-new-round-declined-by-friend = Друг отклонил новый раунд.
online-new-round-declined-by-me = Вы отклонили новый раунд.
online-new-round-withdrawn-by-friend = Друг отозвал новый раунд.
online-new-round-withdrawn-by-me = Вы отозвали свой запрос на новый раунд.

## The device's list of online games
online-games-friend-plays = Друг играет: { $side }
online-games-your-turn = Ваш ход
online-games-friends-turn = Ход друга
online-games-over = Игра окончена
online-games-just-now = сыграно только что
online-games-minutes-ago = сыграно { $n } мин назад
online-games-hours-ago = сыграно { $n } ч назад
online-games-days-ago = сыграно { $n ->
    [one] { $n } день
    [few] { $n } дня
   *[other] { $n } дней
  } назад
online-games-leave = Выйти
online-games-leave-question = Выйти из этой игры ({ $game }) навсегда? Ваше место вернётся в комнату.

# The finish, passing the device, unfinished moves
confirm-new-round = Начать новый раунд? Ходы этой партии пропадут, когда друг согласится.
chain-hint = Бейте дальше: коснитесь следующего поля.
action-play-again = Сыграть ещё
results-line = Ваш счёт против уровня «{ $level }»: побед — { $won } · поражений — { $lost } · ничьих — { $drawn }
finish-see-board = Посмотреть доску
hand-over-to = Передайте ход: { $side }
hand-over-ready = Коснитесь, когда будете готовы
option-hand-over = Экран передачи между ходами
option-turn-board = Поворачивать доску к тому, кто ходит
saved-game-level = Сохранённая партия ({ $level }): { $moves ->
    [one] { $moves } ход
    [few] { $moves } хода
   *[other] { $moves } ходов
  }

## Motion and feedback: notes under the board and what the cells say.
bar-you = Вы
bar-friend = Ваш друг
bar-computer = Компьютер ({ $level })
bar-to-move = ходит
bar-captured = взято: { $count }
bar-store = в калахе: { $count }
bar-home = дома: { $count }/10
note-must-capture = Нужно бить
note-hint = Подсказка: { $move }
note-extra-turn = { $side } ходят ещё раз
note-captured = { $side } захватили { $seeds ->
    [one] { $seeds } камень
    [few] { $seeds } камня
   *[other] { $seeds } камней
  }
cell-move-here = можно пойти сюда
cell-must-capture = должна бить

## What the other side did, told to screen readers once it has been shown.
announce-computer-moved = Компьютер пошёл с { $from } на { $to }.
announce-computer-sowed = Компьютер посеял из лунки { $pit }.
announce-computer-passed = Компьютер пропустил ход.
announce-friend-moved = Ваш друг пошёл с { $from } на { $to }.
announce-friend-sowed = Ваш друг посеял из лунки { $pit }.
announce-friend-passed = Ваш друг пропустил ход.

action-not-now = Не сейчас
app-not-opened = Приложение не открылось: скорее всего, его ещё нет на этом телефоне. Установите его из магазина или продолжайте играть здесь.
online-continue-in-app = Играете на этом телефоне? Продолжите в приложении: ваше место и партия перейдут туда.
how-online-title = Игра с другом
how-online =
    «{ mode-online }» открывает комнату и даёт ссылку-приглашение: отправьте её другу, и, открыв её, он займёт второе место.
    Ваше место хранится на этом устройстве. В разделе «{ online-another-device }» есть ваша личная ссылка, в том числе в виде QR-кода: откройте её на другом телефоне, планшете или компьютере, и игра продолжится там. Кто угодно с этой ссылкой может занять ваше место, поэтому, если она попала к кому-то ещё, создайте там новую: старая ссылка перестанет работать.
    Если друга нет десять минут или дольше, можно снова предложить его место: его ссылка перестанет работать, а тот, кто следующим откроет приглашение, продолжит партию с того же места.

## Ходы партии, просмотр, отправка партии.
history-label = Ходы
history-start = Начало
history-move = { $side }: { $move }
history-back = Предыдущий ход
history-forward = Следующий ход
history-latest = Вернуться к концу
history-showing = { $ply ->
    [0] Начало, всего ходов: { $plies }
   *[other] Ход { $ply } из { $plies }
  }
action-share-game = Поделиться партией
share-game-heading = { $game }: { $first } против { $second }, { $date }
share-game-shared = Партия отправлена
share-game-copied = Ходы партии скопированы: вставьте их куда угодно.
share-game-failed = Не удалось скопировать партию.

# Подписи к рисункам в разделе «Как играть».
how-diagram-kalah-start = Начало: в каждой лунке по четыре камня. Золотые играют нижним рядом и сеют к своему калаху справа.
how-diagram-kalah-again = Золотые сеют c: четыре камня ложатся в d, e, f и в калах, поэтому Золотые ходят ещё раз.
how-diagram-checkers-start = Начало: по двенадцать шашек на тёмных полях. Красные, внизу, ходят первыми.
how-diagram-chinese-checkers-start = Начало: нефритовые в нижнем луче, коралловые в верхнем. Каждый играет в противоположный луч.
