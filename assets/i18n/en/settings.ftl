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
prefs-how = Change them with `/bao prefs notify:dm|mention|off animations:on|off orientation:mine|south language:{ $languages } one-tap:on|off`.

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

## /bao-settings and /bao help topic:settings: the server's settings.

settings-title = **This server's Bao settings**
# $key: the setting's name; $value: its value in words; $about: settings-about-*; $changed: setting-changed-by or setting-default.
settings-line = `{ $key }`: **{ $value }** ({ $about }; { $changed })
settings-about-variant = variant of new games
settings-about-rules = rule set of new games (v0.2 or r002)
settings-about-time-per-move = time per move when a challenge names none
settings-about-rated = games rated by default
settings-about-placement = where games are played
settings-about-channels = channels where new games may start
settings-about-animations = move animations after each move (a player's own `/bao prefs animations` wins)
settings-about-max-games = most games one member may have running here
settings-about-clock = clock of challenges that name none, like 5+3 or 3d+1d; when none, time_per_move applies
settings-untimed = none (untimed)
settings-placement-thread = thread (each game in its own thread)
settings-placement-channel = channel (one game per channel)
settings-everywhere = everywhere
settings-no-limit = no limit
settings-none = none
settings-form = write `/bao-settings <setting> <value>` with a setting among `variant`, `rules`, `time_per_move`, `clock`, `rated`, `placement`, `channels`, `animations`, `max_games`, `language` (`default` as the value resets one)
settings-managers-change = Members with Manage Server change them: { $form }.
settings-server-only-help = Settings belong to a server: use `/bao help topic:settings` in one of its channels.
settings-server-only-set = Settings belong to a server: use `/bao-settings` in one of its channels.
settings-managers-only = Only members with the Manage Server permission may change this server's settings; `/bao help topic:settings` shows them.
settings-unknown-key = `{ $key }` is not a setting: { $form }.
# $default: "yes" when reset to the default.
settings-set = `{ $key }` is now **{ $value }**{ $default ->
    [yes] {" "}(the default)
   *[no] {""}
}; it applies to the next challenge or AI game.
# A value refused; a full stop follows. $what: the setting.
settings-bad-on-off = { $what } is `on` or `off` (or `default`), not `{ $typed }`
settings-bad-variant = `{ $typed }` is not a variant: write kiswahili or kujifunza
settings-bad-rules = `{ $typed }` is not a rule set: write v0.2 (with takasia, the default) or r002 (without takasia)
settings-bad-placement = placement is `thread` (each game in its own thread) or `channel` (one game per channel), not `{ $typed }`
settings-bad-channel = `{ $word }` is not a channel: name channels like #bao #games, or write `everywhere`
settings-no-channels = name the channels like #bao #games, or write `everywhere`
settings-bad-max-games = max_games is a number from 1 to 100, or `none` for no limit, not `{ $typed }`
# Refusals of a new game by the server's settings.
settings-channels-only = New games may start only in { $channels } on this server. Go there and try again.
settings-max-games-you = You have { $max } games running or waiting on this server, the most it allows; finish one first (`/bao games` lists them).
settings-max-games-they = { $name } has { $max } games running or waiting on this server, the most it allows; finish one first (`/bao games` lists them).

## /bao help topic:about.

about-head = **bao-bot { $version }**: Bao la Kiswahili and Bao la Kujifunza.
about-rule-sets = Rule sets: { $list }.
about-rule-set-v02 = the rules as they stand (guide v0.2), with takasia
about-rule-set-r002 = the older R-002 rules: the same, but without takasia
about-up = Up for { $up }. Games running or waiting: { $running }; games played to the end: { $played }; servers with games: { $servers }.
about-source = Source: { $url }
about-no-source = Source: not published by whoever runs this bot (`source_url` in its config).
