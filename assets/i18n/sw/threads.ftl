# Michezo katika nyuzi: matangazo ya nyuzi, kwa nini mchezo haupati uzi, na mstari wa matokeo
# katika chaneli mama.

## Kwa nini michezo haipati nyuzi hapa.

threads-cause-missing = boti haina ruhusa ya { $names } katika chaneli hii
threads-cause-no-permission = boti haina ruhusa ya Create Public Threads au Send Messages in Threads katika chaneli hii
threads-cause-not-here = aina hii ya chaneli haiwezi kuwa na nyuzi
threads-cause-refused = Discord imekataa kufungua uzi hapa
threads-remedy-missing = mwombe msimamizi wa seva aipe boti ruhusa ya { $names } katika chaneli hii
threads-remedy-no-permission = mwombe msimamizi wa seva aipe boti ruhusa za Create Public Threads na Send Messages in Threads katika chaneli hii
threads-remedy-not-here = cheza katika chaneli ya maandishi, ambako kila mchezo unapata uzi wake
threads-remedy-refused = mwombe msimamizi wa seva aangalie ruhusa za nyuzi za boti katika chaneli hii

## Chaneli inayoshikiliwa na mchezo mmoja.

threads-held-challenge = Changamoto { $game } inasubiri katika chaneli hii
threads-held-game = Mchezo { $game } unachezwa katika chaneli hii
threads-held-another = Mchezo mwingine unashikilia chaneli hii
threads-free-challenge = changamoto { $game } ikishajibiwa
threads-free-game = mchezo { $game } ukishakwisha
threads-free-another = ukishakwisha
threads-challenge-held = { $held }, na michezo hapa haipati uzi wake ({ $cause }), kwa hiyo chaneli hii inashikilia mchezo mmoja kwa wakati mmoja. Maliza mchezo { $game } kwanza (au toa changamoto katika chaneli nyingine), au { $remedy }.
threads-accept-held = { $held }, na mchezo wako hauwezi kupata uzi wake hapa ({ $cause }), kwa hiyo hauwezi kuanza: bila nyuzi chaneli inashikilia mchezo mmoja kwa wakati mmoja. Changamoto inaendelea kusubiri: ikubali { $free }, au { $remedy }.
threads-same-challenge = Changamoto kati yako na { $opponent } tayari inasubiri hapa (mchezo { $game }); lazima ikubaliwe, ikataliwe au iondolewe kwanza.
threads-one-game = Uzi huu ni wa mchezo { $game }: uzi mmoja unashikilia mchezo mmoja. Anzisha mchezo mpya katika <#{ $parent }> badala yake (mpangilio `placement` ukiwa `thread`, mchezo unapata uzi wake).

## Amri iliyotolewa katika chaneli kwa mchezo unaochezwa katika uzi.

threads-yours-one = Mchezo wako { $game } dhidi ya { $opponent } unachezwa katika uzi wake, { $link }, si katika chaneli hii: toa `/bao { $command }` huko.
threads-yours-several = Michezo yako hapa inachezwa katika nyuzi zake, si katika chaneli hii: toa `/bao { $command }` katika uzi wa mchezo.
threads-yours-line = - mchezo { $game } dhidi ya { $opponent }: { $link }

## /bao help topic:settings: kama michezo hapa inapata nyuzi.

threads-line-no-front-end = Michezo katika chaneli hii inapata nyuzi: **hapana** (programu hii haiwezi kufungua nyuzi).
threads-line-channel = Michezo katika chaneli hii inapata nyuzi: **hapana**: placement ni `channel`, kwa hiyo kila mchezo unachezwa katika chaneli ambako changamoto ilitolewa, mmoja kwa wakati mmoja.
threads-line-yes = Michezo katika chaneli hii inapata nyuzi: **ndiyo**, kila changamoto iliyokubaliwa inachezwa katika uzi wake.
threads-line-blocked = Michezo katika chaneli hii inapata nyuzi: **hapana**: { $cause }, kwa hiyo michezo inachezwa katika chaneli hii yenyewe, mmoja kwa wakati mmoja. Kubadilisha hilo, { $remedy }.

## Uzi wa mchezo umefunguliwa, au haukufunguliwa.

threads-goes-on = Mchezo { $game }: { $south } (Kusini) dhidi ya { $north } (Kaskazini) unaendelea katika uzi wake.
threads-opened = Mchezo { $game }: { $south } (Kusini) dhidi ya { $north } (Kaskazini).
threads-played-here = Mchezo { $game } unachezwa hapa: { $south } (Kusini) dhidi ya { $north } (Kaskazini).
threads-dm-cause-no-permission = boti haina ruhusa ya Create Public Threads au Send Messages in Threads huko
threads-dm-cause-not-here = chaneli hiyo haiwezi kuwa na uzi wa mchezo huo
threads-dm-cause-refused = Discord imekataa kufungua uzi
threads-dm-remedy-no-permission = Msimamizi wa seva anaweza kutoa ruhusa hizo, au kuchagua `/bao-settings placement channel`.
threads-dm-remedy-not-here = Michezo ambayo changamoto zake zinatolewa katika chaneli ya maandishi inapata nyuzi zake.
threads-dm-remedy-refused = Msimamizi wa seva anaweza kuangalia ruhusa za nyuzi za boti huko, au kuchagua `/bao-settings placement channel`.
threads-played-in-channel = Mchezo wako { $game } unachezwa katika { $link } yenyewe, si katika uzi wake: { $cause }. { $remedy }
threads-another-game = mchezo mwingine
threads-the-game = mchezo { $game }
threads-not-placed = Mchezo { $game } kati ya { $south } na { $north } hauwezi kuanza hata hivyo: { $cause }, na chaneli hii tayari ina { $held }; bila nyuzi chaneli inashikilia mchezo mmoja kwa wakati mmoja. Hakuna kilichochezwa na hakuna matokeo yaliyorekodiwa: toa changamoto tena { $held } ukishakwisha.

## Mstari wa matokeo katika chaneli mama, na mwisho wa jina la uzi.

threads-result-beat = { $winner } ({ $side }) amemshinda { $loser } ({ $reason })
threads-result-no-winner = { $south } na { $north } wamemaliza bila mshindi ({ $reason })
threads-result-stopped = { $south } dhidi ya { $north } umesimamishwa bila matokeo ({ $reason })
threads-result = Mchezo { $game } katika { $link }: { $result }, baada ya hatua { $plies }.
threads-outcome-won = { $winner } ameshinda
threads-outcome-no-winner = hakuna mshindi
threads-outcome-stopped = umesimamishwa

