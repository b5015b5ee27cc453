# The app's general refusals: buttons, lost races, typed options, looking a game up.

errors-invalid-button = This button is not valid. Use the `/bao` commands instead (`/bao help` lists them).
errors-busy-game = The game kept changing while your command ran, so nothing was done. Look at the board and try again.
errors-not-game-number = `{ $text }` is not a game number: write the number `/bao games` shows, like 12.
errors-needs-game = `/bao { $command }` needs a game; `/bao help` lists the commands.

## Looking a game up.
errors-game-private = Game { $game } is a private game between other people.
errors-not-playing = You are not playing in game { $game }; only its players can act in it.
errors-no-such-game = There is no game { $game }. `/bao games` lists yours.
errors-no-game-dm = There is no game here. Start one against the AI with `/bao ai` (or `/bao games` for your games elsewhere).
errors-no-game-channel = There is no game in this channel. Start one with `/bao challenge @someone` or `/bao ai`.

## Typed options.
errors-not-time-per-move = `{ $text }` is not a time per move: write none, or an amount like 30m, 2h, 1d or 1d12h (10 minutes to 14 days)
errors-time-out-of-range = { $span } per move is out of range: choose from 10 minutes to 14 days, or none

## A written clock that does not read; $presets lists the presets (`blitz 5+3, ...`).
errors-clock-malformed = `{ $text }` is not a clock: write minutes+seconds for a live clock, from 1+0 to 60+60 (5+3: 5 minutes each, 3 seconds more a move), or days for correspondence, like 3d+1d (cap 7d unless said; `3d+1d cap 10d`). Presets: { $presets }.
errors-clock-live-range = `{ $text }` is out of range: a live clock is 1+0 to 60+60 (1 to 60 minutes each, 0 to 60 seconds a move). Presets: { $presets }.
errors-clock-correspondence-range = `{ $text }` is out of range: a correspondence clock has 1 hour to 30 days each and adds up to 14 days a move (3d+1d). Presets: { $presets }.
errors-clock-bad-cap = cap `{ $text }` does not fit: the cap is from the clock's base time up to 60 days (7d unless said).
errors-clock-cap-on-live = a cap is for correspondence clocks (3d+1d cap 10d); `{ $text }` is a live clock, whose time is not capped.
