# Kuangalia michezo: ujumbe wa bao (mstari wa hali chini ya bao, vitufe vyake),
# `/bao board`, `/bao moves`, `/bao history`, `/bao games`, na taarifa ya zamu kwa ujumbe binafsi.

## Mstari wa hali chini ya bao.
views-wins-on-time = **{ $name } ({ $side }) ameshinda: muda wa mpinzani umekwisha**.
views-wins = **{ $name } ({ $side }) ameshinda**.
views-wins-because = **{ $name } ({ $side }) ameshinda**: { $reason }.
views-no-winner-because = Mchezo umekwisha bila mshindi: { $reason }.
views-over = Mchezo umekwisha.
views-stopped = Mchezo ulisimamishwa bila matokeo.
views-stopped-because = Mchezo ulisimamishwa bila matokeo ({ $reason }).
views-waiting = Tunasubiri changamoto ikubaliwe.
views-to-move = Zamu ya { $who } ({ $side }, { $phase }){ $by }.{ $draw }
views-by = , kabla ya { $when }
views-offers-draw = { " " }{ $name } anapendekeza sare.

## Jinsi mchezo ulivyokwisha.
views-reason-resignation = kujisalimisha
views-reason-timeout = muda wa hatua umepita
views-reason-agreed-draw = sare kwa makubaliano
views-reason-abort = umesitishwa
views-reason-abandoned = umeachwa
views-reason-declined = imekataliwa
views-reason-expired = muda wa changamoto umepita
views-reason-out-of-time = muda umekwisha
views-reason-no-first-move = hatua ya kwanza haikuchezwa kwa wakati

## Vitufe chini ya bao.
views-button-moves = { $n ->
    [one] Hatua 1
   *[other] Hatua zote { $n }
}
views-button-accept-draw = Kubali sare
views-button-offer-draw = Pendekeza sare
views-button-decline-draw = Kataa sare

## `/bao board`, `/bao moves`.
views-not-accepted = Changamoto hapa bado haijakubaliwa.
views-moves-not-accepted = Changamoto bado haijakubaliwa; hatua zinakuja baada ya `/bao accept`.
views-proved-at-once = Imethibitishwa: { $winner } anashinda: kila hatua ya { $loser } inashindwa mara moja.
views-proved = Imethibitishwa: { $winner } anashinda kwa hatua { $moves } kutoka hapa (hatua za { $side }, kwa ulinzi bora).
views-legal-moves = Hatua halali za { $name } ({ $side }):
views-write-move = Andika hatua hivi: { $form }.

## `/bao history`.
views-history-head = Mchezo { $game }: { $south } (Kusini) dhidi ya { $north } (Kaskazini), hatua { $moves }{ $control }.
views-taken-back = Zimerudishwa baada ya nusu-hatua { $ply }{ $asked }: { $moves }
views-takeback-declined = Kurudisha hatua kumekataliwa: { $what }

## `/bao games`.
views-games-none = Huna mchezo unaoendelea. Anza mmoja kwa `/bao challenge @mtu` au `/bao ai`.
views-games-head = Michezo yako:
views-you-challenged = ulimpa changamoto { $name }
views-challenged-you = { $name } amekupa changamoto
views-games-pending = `#{ $game }` { $who } katika { $place }: inasubiri jibu
views-games-line = `#{ $game }` dhidi ya { $opponent } katika { $place } (hatua { $moves }{ $clock }): { $whose }{ $by }
views-games-clock = , saa { $form }
views-your-turn = **zamu yako**
views-their-turn = zamu ya { $name }
views-games-move-anywhere = Cheza ukiwa popote kwa `/bao move ... game:<number>`.
views-recently-ended = Michezo iliyokwisha karibuni:
views-ended-line = `#{ $game }` dhidi ya { $opponent } katika { $place } (hatua { $moves }{ $clock }): { $result } ({ $reason })
views-you-won = umeshinda
views-you-lost = umeshindwa
views-no-winner = hakuna mshindi
views-no-result = ulisimamishwa bila matokeo
views-bot-dms = ujumbe binafsi wa boti

## Taarifa ya zamu kwa ujumbe binafsi.
views-turn-dm = Zamu yako katika mchezo wa Bao #{ $game } dhidi ya { $opponent } katika { $place }.{ $by } Jibu hapa kwa `/bao move <move> game:{ $game }`.
views-move-by = { " " }Cheza kabla ya { $when }.

## `/bao prefs notify`.
views-notify-dm = Ikiwa ni zamu yako utatajwa kwenye chaneli ya mchezo na kuambiwa kwa ujumbe binafsi; vikumbusho vinakuja kwa ujumbe binafsi pia.
views-notify-mention = Ikiwa ni zamu yako utatajwa kwenye chaneli ya mchezo (hakuna ujumbe binafsi isipokuwa vikumbusho vya muda).
views-notify-off = Hakuna tena taarifa za zamu wala vikumbusho; `/bao games` inaonyesha mahali ambapo ni zamu yako.
