# The room server's own words, beside the app's (mobile/locales/ru.ftl, for the games' names):
# the preview a chat app shows for an invitation link, and the page of a room that is gone.
link-preview-title = { $game }: сыграем вместе в Cozcade
link-preview-description = Друг приглашает вас сыграть: { $game }. Откройте ссылку, чтобы занять своё место; учётная запись не нужна.
room-gone-title = Этой партии больше нет
room-gone-text = Срок приглашения истёк или ссылка неточна. Комнаты удаляются через 7 дней без ходов.
room-gone-new-game = Начать новую игру
room-gone-app = Открыть приложение Cozcade
