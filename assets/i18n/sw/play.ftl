# Kucheza kwenye ukurasa wa mchezo (issue 47): kiungo cha kucheza katika mazungumzo, na
# makataa ya ukurasa.

## Mazungumzo.
web-play-button = Cheza kwenye bao
web-play-link-private = Kiungo chako mwenyewe cha kucheza kwenye bao kiko hapa chini. Kiweke kwako: yeyote aliye nacho anacheza kwa niaba yako. `/bao board new-link:true` hutengeneza kipya na kuzima hiki.
web-play-link-renewed = Kiungo kipya kimetengenezwa: kiungo chako cha zamani cha kucheza kwenye bao hakifanyi kazi tena.
web-play-no-address = Boti hii haina anwani ya wavuti (`[web] public_url`), kwa hiyo hakuna kiungo cha kucheza kwenye bao.
web-play-not-yours = Ni mchezaji wa mchezo unaoendelea tu aliye na kiungo cha kucheza kwenye bao lake.
prefs-one-tap = `one-tap` (mguso mmoja): **{ $value }** (kwenye ukurasa wa mchezo, hatua pekee ya shimo huchezwa bila kuomba uthibitisho)

## Makataa ya ukurasa (JSON `words`).
play-refused-token = Kiungo hiki hakikuruhusu kucheza mchezo huu: si chako, au kiungo kipya kimekibadilisha. Omba kiungo chako kwa `/bao board`.
play-refused-too-large = Ombi ni kubwa kuliko baiti { $max }.
# $problem ni maneno ya kisomaji cha JSON (kwa Kiingereza).
play-refused-body = Ombi lazima liwe JSON ya "move", "ply" na "request_id" (au "action" na "ply"), kama "move": "A4 left capture": { $problem }
play-refused-action = Ukurasa hauwezi kufanya hivyo: tuma "action" kama draw, decline, resign au takeback.
play-refused-request-id = Kitambulisho cha ombi lazima kiwe herufi, tarakimu, - au _ kuanzia 1 hadi { $max }.
play-refused-request-reused = Kitambulisho hiki cha ombi kilishatumika kwa hatua nyingine ({ $move } kwenye hatua { $ply }): tuma kitambulisho kipya kwa kila hatua.
play-refused-ply-ahead = Hatua { $ply } iko mbele ya mchezo, ulio kwenye hatua { $now }.
play-refused-stale = Mchezo umesonga tangu ulipochagua: { $happened }. Sasa uko kwenye hatua { $ply }.
play-happened-move = { $name } alicheza { $move }
play-refused-over = Mchezo { $game } umekwisha: hakuna zaidi cha kucheza.

## Vidhibiti vya kucheza kwenye ukurasa (assets/web/play.js; `{ $x }` hujazwa na hati).
web-play-panel = Cheza
web-play-can-move = linaweza kuanza hatua
web-play-your-turn = Zamu yako: chagua shimo la kuanzia hatua yako (Tab kuhama kati ya mashimo, Enter kuchagua).
web-play-their-turn = Unasubiri hatua ya mpinzani wako.
web-play-moves-from = Hatua kutoka { $pit }: chagua moja uicheze.
web-play-confirm = Hatua pekee kutoka { $pit }: uicheze?
web-play-confirm-button = Cheza { $move }
web-play-cancel = Ghairi
web-play-sending = Inatuma { $move }…
web-play-played = Umecheza { $move }.
web-play-offer-draw = Pendekeza sare
web-play-accept-draw = Kubali sare
web-play-decline-draw = Kataa sare
web-play-draw-offered = Mpinzani wako anapendekeza sare.
web-play-draw-sent = Umependekeza sare; pendekezo linasimama hadi hatua inayofuata.
web-play-draw-declined = Umekataa sare; mchezo unaendelea.
web-play-resign = Jisalimishe
web-play-resign-confirm = Ujisalimishe katika mchezo huu? Haiwezi kutenduliwa.
web-play-resign-yes = Ndiyo, jisalimishe
web-play-takeback = Omba kurudisha hatua
web-play-takeback-sent = Ombi lako la kurudisha hatua limekwenda kwenye mazungumzo.
web-play-over = Mchezo umekwisha: { $result }
web-play-failed = Haikuweza kutumwa ({ $error }). Jaribu tena.
web-play-tag-stop = simama
web-play-tag-safari = safari
