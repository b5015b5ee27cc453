# /bao-analyze, bao katika hatua fulani, /bao hint na /bao-replay.

## /bao-analyze.

analysis-not-accepted = Changamoto hiyo bado haijakubaliwa.
analysis-still-played = Mchezo { $game } bado unachezwa: uchambuzi ungesaidia wakati wa mchezo. Uliza tena ukishakwisha.
analysis-only-player = Mchezo { $game } bado unachezwa; mchezaji wake tu ndiye anayeweza kuuchambua kabla haujaisha.
analysis-no-moves = Mchezo { $game } hauna hatua za kuchambua.
analysis-busy = Uchambuzi wako mwingine bado unaendelea; uliza tena ukishakamilika.
analysis-progress = Nachambua mchezo { $game }: hatua { $done } kati ya { $total }…
analysis-head = **Uchambuzi wa mchezo { $game }**: { $south } (Kusini) dhidi ya { $north } (Kaskazini), hatua { $plies }; nafasi zilizochunguzwa kwa kila hatua: { $nodes }.
analysis-side = { $name } ({ $side }): { $summary }
analysis-summary = usahihi { $accuracy } · { $inaccuracies ->
    [one] kosa dogo { $inaccuracies }
   *[other] makosa madogo { $inaccuracies }
}, { $mistakes ->
    [one] kosa { $mistakes }
   *[other] makosa { $mistakes }
}, { $blunders ->
    [one] kosa kubwa { $blunders }
   *[other] makosa makubwa { $blunders }
}
analysis-proved-title = Imethibitishwa kwa utafutaji kamili (N ni idadi ya hatua za mshindi):
analysis-proved-line = - Hatua { $ply }, { $name }: `{ $played }` { $note }; bora `{ $best }`
analysis-missed-win = imekosa ushindi wa hatua { $n }
analysis-walked-into-loss = imeingia kwenye nafasi inayoshindwa kwa hatua { $n }
analysis-no-mistakes = Hakuna makosa madogo, makosa wala makosa makubwa: umecheza vizuri.
analysis-largest-title = Makosa makubwa zaidi:
analysis-mistake-line = { $rank }. Hatua { $ply }, { $name }: `{ $played }` ({ $label }, hasara ya pointi { $points } katika matokeo yanayotarajiwa); bora `{ $best }`
analysis-label-best = bora
analysis-label-good = nzuri
analysis-label-inaccuracy = kosa dogo
analysis-label-mistake = kosa
analysis-label-blunder = kosa kubwa
analysis-button-before = Kabla ya hatua { $ply }
analysis-button-after = Baada ya hatua { $ply }

## Bao katika hatua fulani.

analysis-too-few-plies = Mchezo { $game } una hatua { $plies } tu.
analysis-board-after = Mchezo { $game }, baada ya hatua { $ply }: { $name } amecheza `{ $mv }`.
analysis-board-start = Mchezo { $game }, mpangilio wa mwanzo.

## /bao hint.

hint-no-game = Hakuna mchezo unaoendelea hapa wa kutoa dokezo.
hint-not-player = Huchezi katika mchezo { $game }; madokezo ni kwa wachezaji wake.
hint-rated = Madokezo hayatolewi katika michezo yenye alama. Cheza na kompyuta (`/bao ai`) ili ujizoeze kwa madokezo, au toa changamoto kwa `rated:false hints:true`.
hint-not-agreed = Kati ya watu madokezo yanatolewa tu wote wawili wakikubali: changamoto ya mchezo huu haikusema `hints:true`. Changamoto yako ijayo inaweza (`/bao challenge @mtu rated:false hints:true`).
hint-not-your-turn = Si zamu yako: omba dokezo zamu yako ikifika.
hint-no-move = Hakuna hatua ya kupendekeza hapa.
hint = Dokezo: `{ $mv }` ({ $trace }). Matokeo yako yanayotarajiwa baada yake: { $percent }%. Bao baada yake liko chini; hatua ni yako kuicheza.
hint-proved-win = Imethibitishwa: unashinda kwa hatua { $n } (hatua zako, vyovyote atakavyojibu); hii ndiyo njia ya haraka zaidi.
hint-proved-lost-now = Imethibitishwa: kila hatua uliyo nayo inashindwa mara moja, kwa hiyo { $winner } anashinda chochote utakachocheza.
hint-proved-loss = Imethibitishwa: { $winner } anashinda kwa hatua { $n } akicheza vizuri (zinahesabiwa hatua zake tu); hatua hii inastahimili muda mrefu zaidi.
hint-caption = Dokezo: { $mv }

## /bao-replay.

replay-not-accepted = Changamoto bado haijakubaliwa: hakuna cha kurudia.
replay-only-players = Mchezo { $game } bado unaendelea; wachezaji wake tu ndio wanaoweza kuurudia kabla haujaisha.
replay-range = Mchezo { $game } una hatua { $plies }: omba hatua kuanzia 0 hadi { $plies }, ya kwanza isiwe baada ya ya mwisho (`/bao-replay game:{ $game } from:0 to:{ $plies }`).
replay-too-large = Mchezo { $game }: GIF ingekuwa baiti { $bytes }, zaidi ya kikomo cha baiti { $max }: omba hatua chache au bila mtawanyo.
replay-busy = Marudio yako mengine bado yanachorwa; uliza tena baada ya takriban sekunde { $seconds }.
replay-queue-full = Marudio mengi yanachorwa sasa hivi; uliza tena baada ya takriban sekunde { $seconds }. Mabao ya hatua huchorwa kwanza.
replay-head = Mchezo { $game }: { $south } (Kusini) dhidi ya { $north } (Kaskazini), hatua { $from } hadi { $to } kati ya { $plies }.
