# /bao-tournament: mashindano.

button-join = Jiunge
button-leave = Ondoka
event-format-round-robin = ligi (kila mtu dhidi ya kila mtu)
event-format-double-round-robin = ligi ya duru mbili
event-format-swiss = Swiss, raundi { $rounds }
event-per-move = { $span } kwa hatua
event-no-time-limit = bila kikomo cha muda
event-rule-set = { $name }{ $takasia ->
    [yes] {""}
   *[no] {" "}(bila takasia)
}
event-not-in-dms = Mashindano yanachezwa katika chaneli ya seva, si katika ujumbe binafsi: tumia `/bao-tournament` katika chaneli ambako mashindano yametangazwa (au yatatangazwa).
event-organisers-only = Mwandaaji wa { $id } ({ $organiser }) na wanachama wenye Manage Server pekee ndio wanaoweza kufanya hivyo.
event-no-such = Hakuna mashindano #{ $id } katika seva hii: `/bao-tournament info` katika chaneli ya mashindano inaonyesha namba yake.
event-none-here = Hakuna mashindano yanayoendelea au yaliyo wazi katika chaneli hii: `/bao-tournament create` huunda moja, au taja moja kwa `event:NAMBA`.
event-several-here = Chaneli hii ina mashindano { $n } ({ $list }): taja moja kwa `event:NAMBA`.
event-name-length = Mashindano yanahitaji jina la herufi 1 hadi { $max }: `name:Spring Open`.
event-format-example = . Kwa mfano `format:swiss rounds:5` au `format:round-robin`.
event-bad-round-time = `{ $typed }` si muda wa raundi: andika muda wa angalau saa moja, kama 12h au 7d.
event-bad-signup-time = `{ $typed }` si muda wa kujiandikisha: andika muda ambao usajili unabaki wazi, kama 2h au 3d.
event-max-players-min = `max-players` lazima iwe angalau 2.
event-round-robin-max = Ligi inachukua wachezaji wasiozidi { $max }: punguza `max-players`, au ifanye `format:swiss`.
event-starts-at-signup-close = Usajili unafungwa { $when } na mashindano yanaanza hapo.
event-starts-when-full = { $n ->
    [one] Yanaanza mchezaji { $n } akishajiunga.
   *[other] Yanaanza wachezaji { $n } wakishajiunga.
}
event-starts-by-organiser = Mwandaaji anayaanzisha kwa `/bao-tournament start`.
event-announced = **Mashindano { $title }** ya { $organiser }: { $game }, { $rules }, { $format }, { $time }{ $rated ->
    [yes] , yenye alama
   *[no] , ya kirafiki
}. { $start }
    Bonyeza **Jiunge** ili ucheze (au `/bao-tournament join`).
event-joins = { $name } amejiunga na mashindano { $title } ({ $n ->
    [one] mchezaji { $n }
   *[other] wachezaji { $n }
}).
event-full-starts = Yamejaa na yanaanza sasa.
event-already-in = Tayari umejiandikisha katika mashindano { $title }. `/bao-tournament leave` inakuondoa kabla hayajaanza.
event-full = Mashindano { $id } yamejaa ({ $n ->
    [one] mchezaji { $n }
   *[other] wachezaji { $n }
}): mwombe mwandaaji mashindano mengine.
event-leaves = { $name } ameondoka katika mashindano { $title }.
event-not-signed-up = Hujajiandikisha katika mashindano { $id }: bonyeza Jiunge ili ucheze.
event-started-withdraw = Mashindano { $id } yameanza: `/bao-tournament withdraw` inakutoa (katika mchezo wako unaochezwa sasa unahesabiwa kuwa umejisalimisha).
event-taken-off = { $name } ameondolewa katika mashindano { $id }.
event-they-are-not-signed-up = { $name } hajajiandikisha katika mashindano { $id }.
event-not-playing = { $name } hachezi katika mashindano { $id }.
event-withdrawn = { $name } { $by_self ->
    [yes] amejitoa katika
   *[no] ameondolewa katika
} mashindano { $id }: katika mchezo wake unaochezwa sasa anahesabiwa kuwa amejisalimisha, na hapangiwi tena michezo; michezo iliyokwisha inabaki.
event-too-few = Mashindano { $id } yana { $n ->
    [one] mchezaji { $n }
   *[other] wachezaji { $n }
}: yanahitaji angalau 2 ili kuanza.
event-swiss-too-few = Mashindano ya Swiss yanahitaji wachezaji wasiopungua { $need } kwa raundi { $rounds }, ili mtu asikutane na mwingine mara mbili; yana { $n }.
event-starts = Mashindano { $title } yanaanza.
event-cannot-pause = Mashindano { $id } { $status }: yanaweza { $pause ->
    [yes] kuahirishwa
   *[no] kuendelezwa
} tu yakiwa { $from }.
event-paused = Mashindano { $id } yameahirishwa: michezo inaendelea, lakini hakuna raundi mpya hadi `/bao-tournament resume`.
event-resumed = Mashindano { $id } yanaendelea.
event-cancelled-by = { $name } amefuta mashindano { $title }. Michezo inayochezwa sasa inaendelea, lakini haihesabiwi katika mashindano yoyote.
event-not-started = Mashindano { $id } hayajaanza: `/bao-tournament info` inaorodhesha waliojiunga.
event-nobody = hakuna mtu
event-standings = **Msimamo wa mashindano { $id }** baada ya raundi { $rounds }: { $leader } anaongoza.
event-no-round-yet = Mashindano { $id } bado hayana raundi.
event-round-title = **Raundi { $round } ya mashindano { $id }**
event-info = **Mashindano { $title }**: { $game }, { $format }, { $time }; { $status }, raundi { $round } kati ya { $rounds }.
    Wachezaji ({ $n }): { $players }
event-create-makes-one = `/bao-tournament create` huunda mashindano mapya.
event-status-signup = yako wazi kwa usajili
event-status-running = yanaendelea
event-status-paused = yameahirishwa
event-status-finished = yamekwisha
event-status-cancelled = yamefutwa
event-closed-signup = Usajili wa mashindano { $id } umefungwa: yanaanza karibuni.
event-closed-started = Mashindano { $id } yameshaanza: usajili umekwisha. Tazama kwa `/bao-tournament standings`.
event-closed-finished = Mashindano { $id } yamekwisha: `/bao-tournament standings event:{ $number }` inaonyesha yalivyoisha.
event-closed-cancelled = Mashindano { $id } yalifutwa.

## Raundi na mwisho.

event-board = Meza { $board }: { $south } (Kusini) dhidi ya { $north } (Kaskazini)
event-board-game = , mchezo { $game }
event-bye = Mapumziko (ushindi): { $who }
event-sits-out = Hachezi raundi hii: { $who }
event-round-of = **Raundi { $round } ya { $title }**
event-you-play-south = unacheza **Kusini** (unaanza) dhidi ya { $opponent } katika mchezo { $game }
event-you-play-north = unacheza **Kaskazini** dhidi ya { $opponent } katika mchezo { $game }
event-you-have-the-bye = una mapumziko (ushindi) raundi hii
event-you-sit-out = huchezi raundi hii
event-ping = { $who }: raundi { $round } ya { $title }: { $what }.
event-winner = { $name } ameshinda
event-winners-share = { $names } wanashiriki nafasi ya kwanza
event-over = 🏆 **Mashindano { $title } yamekwisha.** { $who } kwa { $one ->
    [yes] pointi { $points }
   *[no] pointi { $points }
}. Jedwali la mwisho:
event-unpairable = { $organiser }: mashindano { $title } yameahirishwa: { $why }. Hakuna raundi zaidi zinazoweza kuchezwa: `/bao-tournament standings` inaonyesha msimamo, na `/bao-tournament cancel` inayamaliza.
event-signup-too-few = Usajili wa mashindano { $title } ulifungwa na wachezaji chini ya 2: yamefutwa.

## Maneno ya jedwali la mashindano.

table-player = Mchezaji
table-points = Pts
table-sb = SB
table-bh = Bh
table-bye = mapumziko
table-subtitle = { $format } · { $players ->
    [one] mchezaji { $players }
   *[other] wachezaji { $players }
} · raundi { $rounds }
table-footer = Pts pointi · SB Sonneborn–Berger · Bh Buchholz; pointi zikilingana, kisha kwa mchezo kati yao
table-format-round-robin = Ligi
table-format-double-round-robin = Ligi ya duru mbili
table-format-swiss = Swiss
event-round-robin-full = { $title } imejaa: ligi inachukua wachezaji wasiozidi { $max }. Mwombe mwandaaji aanzishe mashindano ya `format:swiss` ili mcheze wengi zaidi.
event-round-robin-too-many = { $title } ina { $n ->
    [one] mchezaji { $n }
   *[other] wachezaji { $n }
}, na ligi inachukua wachezaji wasiozidi { $max }: haiwezi kuanza. Anzisha mashindano ya `format:swiss` kwa ajili yao badala yake.
