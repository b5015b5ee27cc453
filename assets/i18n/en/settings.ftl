# /bao prefs and the language settings.

prefs-title = **Your preferences**
prefs-saved = **Saved.** Your preferences:
prefs-notify = notify: **{ $mode }**: { $meaning }
prefs-animations = animations: **{ $value }**
prefs-on = on
prefs-off = off
prefs-animations-default = default (the server's)
prefs-orientation = orientation: **{ $value }**
prefs-orientation-mine = mine (your rows at the bottom)
prefs-orientation-south = south (South's rows at the bottom, as in the rules)
prefs-language = language: **{ $code }** ({ $name })
prefs-language-default = language: **default** (the server's)
# $languages: the codes, like en|sw.
prefs-how = Change them with `/bao prefs notify:dm|mention|off animations:on|off orientation:mine|south language:{ $languages }`.

notify-dm = When it is your turn you will be mentioned in the game's channel and told by DM; reminders come by DM too.
notify-mention = When it is your turn you will be mentioned in the game's channel (no DMs except deadline reminders).
notify-off = No more turn notices or reminders; `/bao games` shows where it is your turn.

## The server's language (/bao-settings language, /bao help topic:settings).

# $accepted: the codes with their names.
language-unknown = `{ $typed }` is not a language of the bot: write { $accepted }, or `default`.
# $default: "yes" when reset to the default.
language-server-set = `language` is now **{ $code }** ({ $name }){ $default ->
    [yes] {" "}(the default)
   *[no] {""}
}; boards and announcements in this server's channels are said in it, and so are the answers to members who chose no language of their own.
language-setting-line = `language`: **{ $code }** ({ $name }; language of public messages; a member's own `/bao prefs language` wins; { $changed })
setting-changed-by = changed by { $who } { $when }
setting-default = default
