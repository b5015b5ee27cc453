# The console's own words (bao-bot console): its labels and what it says when a typed
# line cannot be read. The bot's own answers are in the other files.

console-private = (only you see this)
console-dm-to = (DM to @{ $name })
console-in-channel = (in #{ $channel })
console-in-thread = (in { $place }, thread archived)
console-in-dm = (in DM)
console-buttons = buttons:
console-file = [file]
console-error = error: { $text }
console-at = at { $time }
console-now = now { $time }
console-later = now { $time } ({ $span } later)
console-nothing-due = (nothing due)
console-you-are = you are now { $name }
console-you-are-in = you are now in { $place }
console-you-are-in-dm = you are now in your DMs with the bot
console-whom = whom? write /as NAME
console-where = where? write /in #channel
console-no-button = no button `{ $label }` on the last message; /press takes its number or label
console-not-a-command = `{ $word }` is not a command: type /bao help for the bot, /help for the console
console-help =
    console commands:
      /bao ...          any bot command, e.g. /bao ai hard, /bao move a6 left, /bao help
      /as NAME          act as another user (made up on first use), e.g. /as baraka
      /in #CHANNEL      go to a channel, e.g. /in #general
      /dm               go to your DMs with the bot
      /press N|LABEL    press a button of the last message (by number or label)
      /wait DURATION    let time pass (61s, 30m, 13h, 2d, 1d12h; up to 365 days) and show, with
                        its time, each notice that falls due meanwhile (reminders, deadlines,
                        game clocks running out)
      /now              the console's time (it moves only by /wait)
      /tick             let the bot do what is due now (reminders, expiries)
      /help             this text
      /quit             leave
console-wait-how = how long? write /wait and { $forms }
console-wait-bad = `{ $word }` is not a duration: write { $forms }
console-wait-zero = `{ $word }` is no time at all: write { $forms }
console-wait-range = `{ $word }` is out of range: write { $forms }
console-wait-forms = an amount like 30m, 13h, 2d or 1d12h (units m, h, d, w), from 1 minute to 365 days; or seconds, like 20s or 61s, for game clocks

# A typed /bao line that cannot be read (Discord checks these itself).
console-not-game-number = `{ $word }` is not a game number: write game:12
console-starts-with-bao = commands start with /bao, like `/bao help` (commands: { $commands })
console-settings-how = write /bao-settings <setting> <value>, e.g. /bao-settings rules r002
console-no-arguments = /bao { $sub } takes no arguments, but got `{ $words }`
console-challenge-whom = whom? write /bao challenge @name [variant] [side] [time]
console-not-side = `{ $word }` is not a side: write south, north or random
console-yes-no = `{ $option }:{ $word }`: write { $option }:yes or { $option }:no
console-which-move = which move? write /bao move A4 left capture
console-ai-word = `{ $word }` is not a level ({ $levels }), side (south, north, random), variant (kiswahili, kujifunza), rule set (v0.2, r002) or clock (5+3)
console-notify-how = write /bao prefs notify:dm, /bao prefs notify:mention or /bao prefs notify:off
console-settings-topic = write /bao help topic:settings, or /bao-settings <setting> <value>
console-not-pref = `{ $word }` is not a preference: write notify:dm|mention|off, animations:on|off, orientation:mine|south, language:en|sw|default, one-tap:on|off
console-not-ply = `{ $word }` is not a ply number for { $name }: write a number like 10
console-replay-how = write /bao-replay [game:N] [from] [to]
console-not-variant-or-scope = `{ $word }` is not a variant (kiswahili, kujifunza) or scope (server, global)
console-learn-how = write /bao-learn [lesson:N]
console-not-lesson = `{ $word }` is not a lesson number; write /bao-learn lesson:3
console-stats-word = `{ $word }` is not a variant (kiswahili, kujifunza); write /bao-stats [@name] [variant]
console-not-variant = `{ $word }` is not a variant: write kiswahili or kujifunza
console-not-rules = `{ $word }` is not a rule set: write { $forms }
console-not-theme = `{ $word }` is not a theme: write { $forms }
console-not-language = `{ $word }` is not a language: write { $forms }, or default
console-unknown-command = `{ $word }` is not a command: try one of { $commands }
console-not-topic = `{ $word }` is not a help topic: write /bao help topic:commands, rules, notation, settings or about
console-tournament-how = write /bao-tournament create NAME format:swiss rounds:5 (or format:round-robin), or /bao-tournament join|leave|withdraw|start|pause|resume|cancel|standings|pairings|info [event:N], or /bao-tournament remove NAME
console-not-event = `{ $word }` is not an event number: write event:3
console-no-more-words = /bao-tournament { $action } takes no more words; { $how }
console-needs-number = `{ $option }:{ $word }` needs a number
console-tournament-remove-whom = whom? write /bao-tournament remove NAME
