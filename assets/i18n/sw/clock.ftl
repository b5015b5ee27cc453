# Saa za mchezo na muda wa michezo ya mawasiliano: mstari wa saa chini ya bao, taarifa za saa,
# vikumbusho, muda uliopita na mchezo ulioachwa.

## Mpangilio wa saa kwa maneno.
clock-control = saa { $form } ({ $each } kila mmoja, { $more })
clock-control-capped = saa { $form } ({ $each } kila mmoja, { $more }, akiba isizidi { $cap })
clock-increment = { $amount } kila hatua
clock-no-increment = bila nyongeza

## Mstari wa saa chini ya bao.
clock-line = Saa { $form }: { $south } · { $north }
clock-side = { $name } ({ $side }) { $left }
clock-side-running = **{ $name } ({ $side })** ▶ { $left }, inaisha <t:{ $at }:R>
clock-side-running-bank = **{ $name } ({ $side })** ▶ { $left }
clock-side-grace = **{ $name } ({ $side })** acheze hatua ya kwanza, muda wa kusubiri unaisha <t:{ $at }:R> (kisha { $left })

## Taarifa za saa.
clock-ran-out = Saa ya { $name } imekwisha.
clock-no-first-move = Mchezo { $game } umesitishwa: { $name } ({ $side }) hakucheza hatua ya kwanza ndani ya dakika { $minutes }. Hakuna matokeo yaliyorekodiwa.
clock-low-time = <@{ $id }>, umebakiwa na { $left } kwenye saa yako katika mchezo { $game } (inaisha <t:{ $at }:R>; boti inatunza muda).
clock-offline-to = { $who }: boti ilikuwa nje ya mtandao kwa { $span } wakati wa mchezo { $game }; muda huo umerudishwa na saa zinaendelea.
clock-offline = Boti ilikuwa nje ya mtandao kwa { $span } wakati wa mchezo { $game }; muda huo umerudishwa na saa zinaendelea.

## Michezo ya mawasiliano: changamoto iliyopitwa na muda, vikumbusho, muda uliopita, mchezo ulioachwa.
clock-challenge-expired = Muda wa changamoto ya mchezo { $game } umekwisha bila jibu.
clock-reminder = { $when } katika mchezo wa Bao #{ $game } katika { $place } (zamu ya { $side }{ $by }). Cheza kwa `/bao move <move> game:{ $game }`, au tazama bao kwa `/bao board game:{ $game }`.
clock-half-gone = Nusu ya muda wako imekwisha
clock-half-gone-bank = Nusu ya muda wa saa yako imekwisha
clock-nearly-up = Muda wako unakaribia kwisha
clock-nearly-up-bank = Muda wa saa yako unakaribia kwisha
clock-reminder-by = { " " }kabla ya { $when }
clock-overdue = Muda wa { $name } katika mchezo { $game } umekwisha. { $who }, unaweza kudai ushindi kwa `/bao claim`.
clock-abandoned = Mchezo { $game } umeachwa: hakuna aliyecheza kwa kipindi kizima cha hatua baada ya muda kupita. { $result }
clock-abandoned-draw = Unahesabiwa kuwa sare.
clock-no-result = Hakuna matokeo yaliyorekodiwa.
