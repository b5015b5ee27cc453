# /bao help na mada zake. Amri na chaguo hubaki kama zilivyosajiliwa.

help-playing = **Kucheza: `/bao`**
help-challenge = `/bao challenge @mtu [variant] [side] [time_per_move] [rules] [rated] [hints] [clock] [cap]`: mpe mtu changamoto hapa (muda: 30m .. 14d kwa hatua; saa: 5+3 = dakika + sekunde kwa hatua, au 3d+1d; sheria: v0.2 au r002; hints: bila alama tu), katika uzi wake ikiruhusiwa
help-accept = `/bao accept`, `/bao decline`: jibu changamoto (au vitufe vyake)
help-move = `/bao move A4 left capture` (au `A4 kushoto kula`): hatua (`/bao help topic:notation` inaeleza); au vitufe chini ya bao
help-board = `/bao board`, `/bao moves`, `/bao history`: bao, hatua halali, kumbukumbu
help-end = `/bao resign` (kujisalimisha), `/bao draw [decline]` (sare), `/bao abort` (kabla ya hatua mbili za kila upande), `/bao claim` (muda wa mpinzani umekwisha)
help-ai = `/bao ai [level] [side] [variant] [rules] [clock]`: cheza na kompyuta hapa (ngazi chini; chaguo-msingi: medium)
help-hint = `/bao hint`: dokezo binafsi (dhidi ya kompyuta, au kwa hints:yes); `/bao takeback`: rudisha hatua yako (dhidi ya kompyuta, au mpinzani akikubali)
help-games = `/bao games`: michezo yako; `/bao prefs [notify] [animations] [orientation] [language]`: mapendeleo yako
help-help = `/bao help [topic]`: ukurasa huu, au `topic:rules`, `topic:notation`, `topic:settings` (ya seva hii), `topic:about`
help-studying = **Kujifunza**: `/bao-replay [game] [from] [to]` (mchezo kama GIF), `/bao-analyze [game]`, `/bao-learn [lesson]`, `/bao-puzzle [theme] [variant] [daily]`
help-ratings = **Alama**: `/bao-stats [@mtu] [variant]`, `/bao-leaderboard [variant] [server|global]`
help-events = **Mashindano**: `/bao-tournament create|join|standings|…` (ligi, Swiss)
help-server = **Seva**: `/bao-settings <setting> <value>` hubadili mpangilio (Manage Server)

## Viwango vya kompyuta.

help-levels = **Ngazi za kompyuta** (Elo: Kiswahili / Kujifunza):
help-level = `{ $name }` { $elo } / { $elo_kujifunza }: { $about }
level-about-beginner = huona hatua moja mbele, mara nyingi hukosa kula bora
level-about-easy = huona hatua moja mbele, mara chache hukosa kula bora
level-about-casual = utafutaji mfupi, mara kwa mara hatua dhaifu
level-about-medium = utafutaji mdogo, makosa kidogo
level-about-hard = utafutaji kamili wa nafasi 60k
level-about-master = nguvu kamili ambayo muda unaruhusu

## /bao help topic:rules

rules-title = **Bao la Kiswahili kwa ufupi**
rules-board = Mistari minne ya mashimo manane; yako ni miwili iliyo karibu nawe (mstari wa mbele A, mstari wa nyuma B; Kaskazini ana a na b). Mashimo yanahesabiwa 1-8 kuanzia kushoto kwako. A5 ni nyumba yako, imechorwa mraba.
rules-namua = **Namua** (ukiwa bado na kete mkononi): weka kete moja katika shimo la mbele. Shimo lako la mbele likikabili shimo lenye kete, lazima ule: weka kete hapo, chukua kete zinazokabili na uzitawanye kuanzia kichwa (shimo la mwisho 1 au 8; kwenye mashimo 3-6 unachagua: `left`/`kushoto` huingia shimo 1). La sivyo cheza takata: weka kete katika shimo na ulitawanye kushoto au kulia.
rules-mtaji = **Mtaji** (mikono yote miwili mitupu): tawanya shimo lenye kete 2 au zaidi. Kula ni lazima: mwanzo ambao mtawanyo wake wa kwanza unaishia katika shimo la mbele lenye kete linalokabili kete.
rules-sowing = **Kutawanya**: kete ya mwisho ikiangukia shimo lenye kete unakula (katika hatua ya kula, kama kete zinaikabili) au unainua shimo na kuendelea kutawanya; hatua inaishia kwenye shimo tupu.
rules-nyumba = **Nyumba**: ikiwa bado ni yako na ina kete 6+, takata ya namua inasimama ndani yake; kula kunakoishia hapo bila kitu cha kula kunakuruhusu `stop` (simama) au `use` (safari).
rules-takasia = **Takasia**: baada ya takata ya mtaji, ukitishia shimo moja tu la mpinzani, hawezi kuanza kutoka shimo hilo zamu inayofuata (lina alama T).
rules-winning = **Kushinda**: maliza kete za mstari wa mbele wa mpinzani (bao hamna), au mwache bila hatua halali.
rules-kujifunza = Mchezo wa kujifunza (kujifunza): kete 2 katika kila shimo, hakuna kete mkononi, hakuna nyumba.
rule-sets-title = **Seti za sheria**: kila mchezo unachezwa chini ya moja, inayochaguliwa mchezo unapoanza (chaguo `rules` la `/bao challenge` na `/bao ai`; seva inaweza kuweka chaguo-msingi lake).
rule-sets-v02 = `v0.2` (chaguo-msingi): sheria zilizo juu, pamoja na takasia.
rule-sets-r002 = `r002`: sheria za zamani za R-002: mchezo uleule bila takasia: baada ya takata ya mtaji hakuna shimo linalozuiwa, kwa hiyo kila mwanzo unaruhusiwa na hakuna mtawanyo unaosimama kwenye shimo lenye alama. Hakuna tofauti nyingine.

## /bao help topic:notation

notation-form = **Kuandika hatua**: `/bao move <shimo> <left|right> [capture|takata] [stop|use] [enter-left|enter-right]`; vitufe chini ya bao vinakuandikia.
notation-pit = **Shimo**: `A` ni mstari wako wa mbele na `B` mstari wako wa nyuma, mashimo 1-8 kuanzia kushoto kwako; A5 ni nyumba yako. Mashimo ya Kaskazini yanaandikwa `a` na `b`, lakini herufi kubwa au ndogo hazijalishi: katika zamu yako `a4` ni A4 yako mwenyewe.
notation-direction = **Mwelekeo**, kama unavyoona kutoka upande wako: `right` (au `kulia`) inapita mstari wako wa mbele kutoka shimo 1 hadi shimo 8, kisha inarudi kwenye mstari wako wa nyuma; `left` (au `kushoto`) ni kinyume chake (`l` na `r` pia zinafanya kazi). Katika kula kwa namua inasema kete zilizoliwa zinaingia wapi: `left` shimo 1, `right` shimo 8.
notation-kind = **Aina**: `capture` (au `kula`), au `takata` kwa hatua isiyokula kitu.
notation-house = **`stop` au `use`** (Bao la Kiswahili, namua): mtawanyo wa hatua ya kula ukiishia katika nyumba yako yenye kete 6 au zaidi, bila kitu cha kula hapo, `stop` (au `simama`) inamaliza hatua ndani ya nyumba na `use` (au `safari`) inainua kete zake na kuendelea kutawanya (nyumba basi si yako tena).
notation-entry = **`enter-left` au `enter-right`** (au `ingia-kushoto`, `ingia-kulia`; Bao la Kujifunza): kete za kula kwa kwanza kwa hatua zinaingia wapi, kula kukiwa kwenye mashimo 3-6: shimo 1 au shimo 8.
notation-short = Neno lolote baada ya mwelekeo linaweza kuachwa wakati hatua halali moja tu inafaa; `/bao moves` inaorodhesha hatua halali zikiwa zimeandikwa kamili.
notation-examples = Mifano: `{ $a }` (hatua ya kwanza ya Bao la Kiswahili), `{ $b }` (hatua ya kwanza ya Bao la Kujifunza).

## Baada ya mchezo dhidi ya kompyuta: ngazi inayofuata juu, au moja chini baada ya kushindwa mfululizo.
ladder-beat-next = Umeishinda { $level }. Uko tayari kwa ngazi inayofuata? `/bao ai { $up }` ina alama { $rating }.
ladder-beat-top = Umeishinda { $level }, ngazi yenye nguvu zaidi!
ladder-step-down = Umeshindwa mara { $losses } mfululizo dhidi ya { $level }: `/bao ai { $down }` (alama { $rating }) ni ngazi moja chini.

## Kompyuta kama mchezaji: jina lake (`Kompyuta (mwanzo)`) na majina ya ngazi zake pale
## mtu anaposoma (chaguo zinazoandikwa zinabaki `beginner`, `easy`, ...).
ai-name = Kompyuta ({ $level })
ai-level-beginner = mwanzo
ai-level-easy = rahisi
ai-level-casual = tulivu
ai-level-medium = wastani
ai-level-hard = ngumu
ai-level-master = bingwa
