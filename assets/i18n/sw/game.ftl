# Mazungumzo ya mchezo wenyewe: changamoto, hatua, mwisho wa mchezo, kurudisha hatua, sare, madai.

## Changamoto.
game-challenge-in-dm = Changamoto hutolewa katika chaneli ya seva, ambapo wachezaji wote wawili wanaona bao. Hapa unaweza kucheza na kompyuta: `/bao ai`.
game-challenge-self = Huwezi kujipa changamoto mwenyewe. Mpe mtu mwingine changamoto, au cheza na kompyuta kwa `/bao ai`.
game-challenge-bot = { $name } ni boti na hawezi kucheza. Ili kucheza na kompyuta ya bao-bot, tumia `/bao ai`.
game-hints-rated = Madokezo ni kwa michezo isiyo ya alama tu: andika `rated:false hints:true` kwa mchezo wa kirafiki wenye madokezo, au acha madokezo kwa mchezo wa alama.
game-place-taken = Tayari kuna mchezo unaoendelea au unaosubiri katika chaneli hii.
game-sides-south = { $name } anacheza Kusini na anaanza
game-sides-north = { $name } anacheza Kaskazini
game-sides-random = pande zinachaguliwa kwa bahati nasibu
game-per-move = { $span } kwa hatua
game-untimed = bila kikomo cha muda
game-rules-no-takasia = { $rules } (bila takasia)
game-challenge = <@{ $opponent }> ({ $opponent_rating }), { $name } ({ $rating }) anakupa changamoto ya { $rated ->
        [yes] mchezo wa alama
       *[no] mchezo wa kirafiki
    } wa Bao la { $variant } ({ $sides }, { $clock }, sheria { $rules }{ $hints ->
        [yes] , madokezo yanaruhusiwa
       *[no] {""}
    }). Changamoto itaisha { $expires }.
game-button-accept = Kubali
game-button-decline = Kataa
game-challenge-own = Changamoto hii ni yako; aliyepewa changamoto pekee ndiye anayeweza kuikubali. `/bao abort` inaiondoa.
game-challenge-not-yours = Changamoto hii si yako.
game-challenge-expired = Muda wa changamoto hii umekwisha.
game-accepted = { $name } amekubali. { $south } anacheza Kusini, { $north } anacheza Kaskazini.
game-played-in-channel = Mchezo { $game } unachezwa hapa katika { $place }, si katika uzi wake: { $why }.
game-played-in-thread = Mchezo { $game } unachezwa katika uzi wake.
# In a DM or group DM between people, or a server without the bot: games there have no threads, and nothing is missing.
game-played-here = Mchezo { $game } unachezwa hapa, katika mazungumzo haya.
# A button of a game pressed in another channel than the game's, where only the app is.
game-button-elsewhere = Kitufe hicho ni cha mchezo { $game }, unaochezwa katika { $place }: vitufe vya bao lake vinafanya kazi huko tu.
game-withdraws = { $name } ameondoa changamoto.
game-declines = { $name } amekataa changamoto.
game-no-challenge = Hakuna changamoto inayosubiri hapa.
game-challenge-taken = Changamoto hii ilikwisha kukubaliwa: mchezo { $game } unaendelea katika { $place }.
game-challenge-over = Changamoto hii ilikubaliwa, na mchezo { $game } umekwisha. `/bao history game:{ $game }` unauonyesha.
game-challenge-declined = Changamoto hii ilikataliwa (au iliondolewa na aliyeitoa); hakuna cha kujibu.
game-challenge-withdrawn = Changamoto hii iliondolewa; hakuna cha kujibu.
game-busy-challenge = Tayari kuna changamoto inayosubiri hapa (mchezo { $game }); lazima ikubaliwe, ikataliwe au iondolewe kwanza.
game-busy-game = Tayari kuna mchezo unaoendelea hapa (mchezo { $game }); umalize kwanza, au cheza katika chaneli au uzi mwingine.
game-clock-and-time = Mchezo una saa au muda kwa hatua, si vyote viwili: andika `clock:5+3` (au `clock:3d+1d`) au `time_per_move:1d`.
game-cap-alone = `cap:{ $cap }` huenda na saa ya mawasiliano, kama `clock:3d+1d cap:{ $cap }`.

## Dhidi ya kompyuta.
game-ai-busy = Tayari kuna mchezo unaoendelea hapa.
game-ai-start = { $name } anacheza Bao la { $variant } na kompyuta ({ $level }, alama { $rating }; sheria { $rules }{ $clock }): { $south } ni Kusini.
game-the-ai = kompyuta

## Hatua.
game-move-pending = Changamoto bado haijakubaliwa; hatua zinakuja baada ya `/bao accept`.
game-move-not-player = Huchezi katika mchezo huu; { $south } na { $north } pekee ndio wanaoweza kucheza hatua.
game-move-not-turn = Si zamu yako: ni zamu ya { $name } ({ $side }).
game-move-unread = { $error }. Hatua halali sasa: { $moves }.
game-move-stored = { $name }: { $trace } Hatua imehifadhiwa; bao litafuata mara tu litakapochorwa.
game-no-first-move = Hatua yako ya kwanza haikuja ndani ya dakika { $minutes }, kwa hiyo mchezo { $game } umesitishwa; hakuna matokeo yaliyorekodiwa.
game-time-ran-out = Muda wako uliisha kabla hatua yako haijafika, kwa hiyo { $name } ({ $side }) ameshinda mchezo { $game }.
game-board-changed = Bao lilibadilika kabla hatua yako haijafika; hii ndiyo hali mpya.
game-out-of-date = Bao hilo ni la zamani; hili ndilo la sasa.
game-over = Mchezo { $game } umekwisha. `/bao history game:{ $game }` unauonyesha.

## Kujisalimisha, sare, kusitisha, madai.
game-resign-pending = Mchezo bado haujaanza; `/bao abort` inaondoa changamoto.
game-resigns = { $name } amejisalimisha.
game-draw-no-game = Hakuna mchezo unaoendelea hapa wa kufanya sare.
game-draw-ai = Kompyuta inaendelea kucheza na haikubali sare; `/bao resign` inamaliza mchezo.
game-draw-already = Umekwisha kupendekeza sare; pendekezo linasimama hadi hatua inayofuata.
game-draw-accepted = { $name } amekubali sare.
# $opponent ni kutajwa au jina: mchezaji aliyependekeza sare.
game-draw-declined = { $name } amekataa sare; { $opponent }, mchezo unaendelea.
game-draw-none-to-decline = Hakuna pendekezo la sare la mpinzani wako la kukataa.
game-draw-offer = { $name } anapendekeza sare. { $opponent }, kubali kwa `/bao draw` au kitufe, au kataa kwa `/bao draw decline:true` au kitufe; hatua yoyote inaikataa pia.
game-button-accept-draw = Kubali sare
game-button-decline-draw = Kataa sare
game-abort-tournament = Mchezo wa mashindano hauwezi kusitishwa: tumia `/bao resign` au `/bao draw` badala yake (au `/bao-tournament withdraw` ili kuacha mashindano).
game-abort-late = Umechelewa kusitisha: kila upande umecheza mara mbili. Tumia `/bao resign` au `/bao draw` badala yake.
game-aborts = { $name } amesitisha mchezo { $game }; hakuna matokeo yaliyorekodiwa.
game-claim-no-game = Hakuna mchezo unaoendelea hapa.
game-claim-live = Kwenye saa ya moja kwa moja hakuna cha kudai: boti humaliza mchezo mara tu saa inapoisha.
game-claim-untimed = Mchezo huu hauna kikomo cha muda, kwa hiyo hakuna cha kudai.
game-claim-own-turn = Ni zamu yako mwenyewe: cheza hatua badala ya kudai.
game-claim-early = { $name } bado ana muda, hadi { $deadline }.
game-claims = { $name } anadai ushindi: muda wa mpinzani umekwisha.
game-not-yours = Huchezi katika mchezo { $game }; wachezaji wake pekee ndio wanaoweza kufanya hivyo.

## Kurudisha hatua.
game-takeback-no-game = Hakuna mchezo unaoendelea hapa wa kurudisha hatua.
game-takeback-not-player = Huchezi katika mchezo { $game }; wachezaji wake pekee ndio wanaoweza kurudisha hatua.
game-takeback-rated = Kurudisha hatua hakuruhusiwi katika michezo ya alama: hatua inabaki. Dhidi ya kompyuta (`/bao ai`) na katika michezo ya kirafiki (`rated:false`) unaweza kuomba.
game-takeback-no-move = Bado hujacheza hatua ya kurudisha.
game-took-back = { $name } amerudisha { $moves }: bao liko kama kabla ya hatua, na ni zamu ya { $next }.
game-takeback-nothing = Bado hakuna hatua iliyochezwa: hakuna cha kurudisha.
game-takeback-not-own = Hatua ya mwisho, `{ $move }`, ni ya { $opponent }: unaweza kuomba kurudisha hatua yako mwenyewe tu, kabla { $opponent } hajaijibu.
game-takeback-asked = Umekwisha kuomba; { $opponent } bado hajajibu.
game-takeback-was-declined = { $opponent } amekataa kurudisha `{ $move }`; hatua inabaki. Endelea kucheza.
game-takeback-request = { $name } anaomba kurudisha `{ $move }`. <@{ $opponent }>, unakubali au unakataa? (Ombi linakwisha ukicheza hatua badala yake.)
game-button-accept-takeback = Kubali kurudisha
game-takeback-not-involved = Ombi hili la kurudisha hatua ni la mpinzani wa { $asker } kujibu; huchezi katika mchezo { $game }.
game-takeback-own = Uliomba kurudisha hatua hii; { $opponent } ndiye anajibu. Subiri, au endelea kucheza likishajibiwa.
game-takeback-lapsed = Ombi hili la kurudisha hatua limekwisha: { $why }. `/bao board` inaonyesha mchezo sasa.
game-lapsed-accepted = lilikwisha kukubaliwa
game-lapsed-declined = lilikwisha kukataliwa
game-lapsed-over = mchezo umekwisha
game-lapsed-moved = mchezo umeendelea tangu lilipoombwa
game-takeback-declines = { $name } amekataa kurudisha `{ $move }`; hatua inabaki na ni zamu ya { $name }.
game-takeback-accepts = { $name } amekubali: hatua ya { $asker } `{ $move }` imerudishwa, na ni zamu ya { $asker } tena.
game-takeback-asked-for = { $name } aliomba hatua ya { $ply } (`{ $move }`) irudishwe
game-at-request = kwa ombi la { $name }
ai-busy = Kompyuta ina maombi mengi ya wachezaji wengine: jaribu tena baada ya sekunde { $secs }. Hakuna kilichohifadhiwa.
