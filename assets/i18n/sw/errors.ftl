# Makatazo ya jumla ya programu: vitufe, mashindano ya maombi, chaguo zilizoandikwa, kutafuta mchezo.

errors-invalid-button = Kitufe hiki si halali. Tumia amri za `/bao` badala yake (`/bao help` inaziorodhesha).
errors-busy-game = Mchezo uliendelea kubadilika amri yako ilipokuwa ikifanya kazi, kwa hiyo hakuna kilichofanyika. Tazama bao ujaribu tena.
errors-not-game-number = `{ $text }` si namba ya mchezo: andika namba inayoonyeshwa na `/bao games`, kama 12.
errors-needs-game = `/bao { $command }` inahitaji mchezo; `/bao help` inaorodhesha amri.

## Kutafuta mchezo.
errors-game-private = Mchezo { $game } ni mchezo wa faragha kati ya watu wengine.
errors-not-playing = Huchezi katika mchezo { $game }; wachezaji wake pekee ndio wanaoruhusiwa.
errors-no-such-game = Hakuna mchezo { $game }. `/bao games` inaorodhesha michezo yako.
errors-no-game-dm = Hakuna mchezo hapa. Anzisha mmoja dhidi ya kompyuta kwa `/bao ai` (au `/bao games` kwa michezo yako mingine).
errors-no-game-channel = Hakuna mchezo katika chaneli hii. Anzisha mmoja kwa `/bao challenge @mtu` au `/bao ai`.

## Chaguo zilizoandikwa.
errors-not-time-per-move = `{ $text }` si muda kwa hatua: andika `none`, au kiasi kama 30m, 2h, 1d au 1d12h (dakika 10 hadi siku 14)
errors-time-out-of-range = { $span } kwa hatua iko nje ya kipimo: chagua kati ya dakika 10 na siku 14, au `none`

## Saa iliyoandikwa isiyosomeka; $presets ni orodha ya saa zilizowekwa tayari.
errors-clock-malformed = `{ $text }` si saa: andika dakika+sekunde kwa saa ya moja kwa moja, kutoka 1+0 hadi 60+60 (5+3: dakika 5 kila mmoja, sekunde 3 zaidi kwa hatua), au siku kwa mawasiliano, kama 3d+1d (kikomo 7d isiposemwa; `3d+1d cap 10d`). Zilizowekwa tayari: `{ $presets }`.
errors-clock-live-range = `{ $text }` iko nje ya kipimo: saa ya moja kwa moja ni 1+0 hadi 60+60 (dakika 1 hadi 60 kila mmoja, sekunde 0 hadi 60 kwa hatua). Zilizowekwa tayari: `{ $presets }`.
errors-clock-correspondence-range = `{ $text }` iko nje ya kipimo: saa ya mawasiliano ina saa 1 hadi siku 30 kila mmoja na inaongeza hadi siku 14 kwa hatua (3d+1d). Zilizowekwa tayari: `{ $presets }`.
errors-clock-bad-cap = kikomo `{ $text }` hakifai: kikomo ni kuanzia muda wa mwanzo wa saa hadi siku 60 (7d isiposemwa).
errors-clock-cap-on-live = kikomo ni kwa saa za mawasiliano (3d+1d cap 10d); `{ $text }` ni saa ya moja kwa moja, ambayo muda wake hauna kikomo.
