# Shughuli ya Discord (Activity; suala 47; docs/activity.md).

## Gumzo.
activity-play-private = Kitufe kilicho hapa chini kinafungua bao ndani ya Discord, ambapo unacheza hatua zako.

## Ukurasa.
activity-signing-in = Inaingia kwa Discord…
activity-retry = Jaribu tena
activity-failed = Kuingia hakukufaulu: { $error }
activity-your-games = Michezo yako inayoendelea
activity-no-game = Hakuna mchezo unaoendelea katika chaneli hii. Chagua mmoja wako:
activity-none = Hakuna mchezo unaoendelea hapa, na wewe huna. Anzisha mmoja kwenye gumzo kwa `/bao challenge`.
activity-watching = Unatazama.
activity-your-turn = Zamu yako: chagua shimo.
activity-their-turn = Unasubiri hatua ya mpinzani wako.
activity-over = Mchezo umekwisha.
activity-can-move = linaweza kuanzisha hatua
activity-cancel = Ghairi
activity-ai = Cheza na kompyuta
activity-ai-where = Mchezo na kompyuta huanzishwa kutoka hapa tu katika chaneli ya seva ambapo Discord inaonyesha Shughuli hii ikiendelea pamoja nawe.

## Makataa ya kuingia.
activity-bad-request = Ombi la kuingia lazima liwe JSON yenye "code" (na "instance_id", "channel_id"): { $problem }
activity-busy = Watu wengi wanaingia kwa wakati mmoja. Jaribu tena baada ya muda mfupi.
activity-bad-code = Discord haikukubali msimbo wa kuingia (si sahihi, umetumika au umeisha muda).
activity-timeout = Discord haikujibu kwa wakati.
activity-discord-error = Discord ilijibu kwa hitilafu ({ $status }).
activity-unreachable = Discord haikuweza kufikiwa.
