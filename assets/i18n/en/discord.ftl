# What the Discord adapter says itself, when a command or a button never reaches the app.

discord-unreadable = I could not read the options of that command; see `/bao help`.
discord-foreign-button = That button does not belong to bao-bot.
discord-daily-not-text = { $channel } is not a text channel: the daily puzzle needs one to be posted in.
# $permissions: Discord's names of the missing permissions (View Channel, Send Messages, ...).
discord-daily-cannot-post = The bot cannot post the daily puzzle in { $channel }: it lacks { $permissions } there. Allow { $count ->
    [one] it
   *[other] them
} for the bot in that channel (or choose another channel), then set it again.
# A challenge in a server that turned external apps off: Discord shows everything the app says there to the asker alone.
discord-ephemeral-only = A game cannot be shared here: this server has turned off external apps, so everything the app says here is seen by you alone. Challenge your friend in a DM or a group DM instead, or ask the server to add the bot.
# Under a clocked challenge where only the app is (a DM, a group DM, a server without the bot).
discord-clock-by-dm = The bot cannot post here on its own: if a clock runs out, the result is sent by DM to each player it can reach, and shown here on the next command or button.
# Above a board shown with the first answer in a place where only the app is, when the bot could not show it there before (a clock ran out, a token expired).
app-only-catch-up = Game { $game } as it stands now (the bot could not show it here earlier):
# Once, privately, on the next interaction after Discord refused a DM to the player.
app-only-dm-refused = The bot could not send you a direct message: Discord refused it, so notices by DM (turn notices, reminders, and results from places where the bot cannot post) do not reach you. To get them, allow direct messages from apps in Discord's privacy settings (or share a server with the bot), then run `/bao prefs notify:dm` so the bot tries again.
