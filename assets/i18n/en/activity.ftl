# The Discord Activity (issue 47; docs/activity.md): the chat's line with its button, and the
# Activity page's words.

## The chat (with [activity] on, the "Play on the board" button opens the Activity).
activity-play-private = The button below opens the board inside Discord, where you play your moves.

## The page.
activity-signing-in = Signing in with Discord…
activity-retry = Try again
# $error is what went wrong, in these words or Discord's.
activity-failed = The sign-in did not work: { $error }
activity-your-games = Your games under way
activity-no-game = No game is under way in this channel. Choose one of yours:
activity-none = No game is under way here, and you have none. Start one in the chat with `/bao challenge`.
activity-watching = You are watching.
activity-your-turn = Your turn: choose a pit.
activity-their-turn = Waiting for your opponent's move.
activity-over = The game is over.
activity-can-move = can move
activity-cancel = Cancel
activity-ai = Play the computer
activity-ai-where = A game against the computer starts from here only in a server's channel where Discord shows the Activity running with you in it.

## The sign-in's refusals (JSON `error`).
# $problem is the JSON reader's own words (English).
activity-bad-request = The sign-in request must be JSON with "code" (and "instance_id", "channel_id"): { $problem }
activity-busy = Many people are signing in at once. Try again in a moment.
activity-bad-code = Discord did not accept the sign-in code (wrong, used or expired).
activity-timeout = Discord did not answer in time.
activity-discord-error = Discord answered with an error ({ $status }).
activity-unreachable = Discord could not be reached.
