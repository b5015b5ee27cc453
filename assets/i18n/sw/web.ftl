# Kurasa za wavuti (/g/ID, /t/ID, ukurasa wa mbele) na viungo vyake katika mazungumzo.

## Viungo katika mazungumzo.
web-game-page-line = Ukurasa wa mchezo: <{ $url }>
web-event-page-line = Ukurasa wa mashindano: <{ $url }>

## Kila ukurasa.
web-front-title = Michezo ya bao
web-front-about = Kila mchezo na mashindano yaliyochezwa na bao-bot yana ukurasa hapa: ufungue kutoka kiungo ambacho boti inatuma pamoja na matokeo, marudio, uchambuzi au msimamo.
web-front-where = Michezo ya chaneli za wazi iko kwenye { $game }; mashindano kwenye { $event }. Michezo ya ujumbe binafsi na ya chaneli za faragha inafunguka kwa kiungo chake tu.
web-front-number = NAMBA
web-not-found-title = Haupatikani
web-not-found = Hakuna ukurasa huu. Ukurasa wa mchezo au wa mashindano unafunguka kutoka kiungo ambacho boti ilituma; michezo ya ujumbe binafsi na ya chaneli za faragha inahitaji kiungo chake kizima, pamoja na tokeni.
web-error-title = Hitilafu
web-error-heading = Kuna hitilafu
web-read-failed = Ukurasa haukuweza kusomwa. Jaribu tena baada ya muda mfupi.
web-too-many-live = Kurasa nyingi mno zinafuatilia michezo moja kwa moja: ukurasa huu unauliza mara kwa mara badala yake.
web-too-many-requests = Maombi mengi mno kutoka anwani yako: subiri kidogo kisha upakie ukurasa upya.
web-pictures-busy = Picha zina kazi nyingi: jaribu tena baada ya sekunde chache.
web-gif-too-large = Mchezo { $id }: GIF ingekuwa baiti { $bytes }, zaidi ya kikomo cha baiti { $max }: omba hatua chache au bila kutawanya.

## Ukurasa wa mchezo.
web-game-title = Mchezo { $id }: { $south } dhidi ya { $north }
web-board-label = Bao
web-hand = mkononi
web-first = Mwanzo (Home)
web-prev = Nyuma hatua moja (←)
web-next = Mbele hatua moja (→)
web-last = Hatua ya mwisho (End)
web-flip-title = Geuza bao
web-flip = Geuza
web-animate = Onyesha mwendo
web-ply-of = hatua { $ply } kati ya { $plies }
web-live = Moja kwa moja: bao linafuata mchezo kadiri hatua zinavyochezwa.
web-fact-game = Mchezo
web-fact-game-value = { $game }, sheria { $rules }
web-fact-time = Muda
web-fact-rated = Kwa alama
web-yes = ndiyo
web-no = hapana
web-fact-started = Tarehe ya kuanza
web-fact-result = Matokeo
web-fact-tournament = Mashindano
web-in-play = mchezo unaendelea
web-analysis = Uchambuzi
web-analysis-legend = ?! kosa dogo · ? kosa · ?? kosa kubwa · ✗ ushindi uliopotea. Bofya grafu ili kwenda kwenye hatua.
web-moves = Hatua
web-record = Rekodi ya mchezo
web-board-png = Bao (PNG)
web-game-gif = Mchezo mzima (GIF)
web-noscript = Kupitia hatua kunahitaji JavaScript; bao lilivyo sasa, rekodi na picha havihitaji.
web-first-name = Hatua ya kwanza
web-prev-name = Hatua iliyotangulia
web-next-name = Hatua inayofuata
web-last-name = Hatua ya mwisho
web-controls = Pitia mchezo hatua kwa hatua
# Bao kwa msomaji wa skrini: jina lake, na la kila shimo.
web-board-name = Bao katika hatua { $ply }: zamu ya { $side }; mkononi: Kusini { $south }, Kaskazini { $north }
web-pit-seeds = kete { $seeds }
web-pit-nyumba = nyumba
web-pit-takasia = takasia
web-pit-start = hatua ilianzia hapa
web-pit-captured = { $seeds ->
    [one] kete { $seeds } imeliwa
   *[other] kete { $seeds } zimeliwa
}
web-pit-entered = kete zilizoliwa ziliingia hapa
web-pit-end = hatua iliishia hapa
web-key = Maana ya duara
web-key-takasia = takasia: haliwezi kuanzwa zamu hii
web-key-arrow = ← → upande kete zilizoliwa zilipotawanywa
web-description = { $game }: { $south } dhidi ya { $north }, { $state }, hatua { $ply }.
web-clock-flag = muda umekwisha
web-clocks = Saa
web-game-name-rules = { $name } (sheria { $rules })

## Maneno ambayo hati ya ukurasa inaandika.
web-start-position = Mpangilio wa mwanzo.
web-mark = { $label } (−{ $loss } pointi); bora zaidi { $best }
web-load-failed = Mchezo haukuweza kupakiwa ({ $error }). Pakia ukurasa upya ujaribu tena.
web-graph = Grafu ya tathmini
web-graph-start = mwanzo
web-graph-ply = hatua { $ply }
web-graph-south = Ku
web-graph-north = Ka
web-label-best = bora
web-label-good = nzuri
web-label-inaccuracy = kosa dogo
web-label-mistake = kosa
web-label-blunder = kosa kubwa
web-label-missed-win = ushindi uliopotea

## Matokeo, muda na uchambuzi, kama ukurasa wa mchezo unavyosema.
web-result-wins = { $name } ({ $side }) ameshinda
web-result-wins-reason = { $name } ({ $side }) ameshinda: { $reason }
web-result-no-winner = Hakuna mshindi
web-result-no-winner-reason = Hakuna mshindi: { $reason }
web-result-stopped = Mchezo ulisimamishwa bila matokeo
web-result-stopped-reason = Mchezo ulisimamishwa bila matokeo ({ $reason })
web-per-move = { $span } kwa hatua
web-no-time-limit = bila kikomo cha muda
web-analysis-summary = usahihi { $accuracy }; makosa madogo: { $inaccuracies }, makosa: { $mistakes }, makosa makubwa: { $blunders }
web-proved-wins = { $side } atashinda ndani ya hatua { $n } (imethibitishwa)
web-note-missed-win = alikosa ushindi wa hatua { $n }
web-note-walked-into-loss = aliingia kwenye nafasi inayoshindwa kwa hatua { $n }
web-event-round = { $name }, raundi { $round }

## Ukurasa wa mashindano.
web-event-title = Mashindano #{ $id }: { $name }
web-event-signup = usajili, waliojiunga: { $n }
web-event-status = { $status }, raundi { $round } kati ya { $rounds }
web-standings = Msimamo
web-pairings = Jozi za wachezaji
web-no-round = Bado hakuna raundi iliyopangwa.
web-round = Raundi { $round }
web-col-board = Meza
web-sits-out = anapumzika
