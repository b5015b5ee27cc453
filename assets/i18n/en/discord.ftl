# What the Discord adapter says itself, when a command or a button never reaches the app.

discord-unreadable = I could not read the options of that command; see `/bao help`.
discord-foreign-button = That button does not belong to bao-bot.
discord-daily-not-text = { $channel } is not a text channel: the daily puzzle needs one to be posted in.
# $permissions: Discord's names of the missing permissions (View Channel, Send Messages, ...).
discord-daily-cannot-post = The bot cannot post the daily puzzle in { $channel }: it lacks { $permissions } there. Allow { $count ->
    [one] it
   *[other] them
} for the bot in that channel (or choose another channel), then set it again.
