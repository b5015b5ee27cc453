# Kozi ya /bao-learn: kichwa cha kila somo, maelezo ya onyesho, na malengo ya kazi.

## Lesson 1
lesson-1-title = Bao na mashimo yake
lesson-1-intro = Wewe ni Kusini. Mstari wako wa mbele A (A1 hadi A8, yanahesabiwa kuanzia kushoto kwako) unakabili mstari wa mbele wa Kaskazini a; mstari wako wa nyuma B uko nyuma yake. Hatua inainua kete zote za shimo lako lenye kete 2 au zaidi na kuzitawanya moja moja katika mashimo yanayofuata: hapa A6 inatawanya kete 2 kushoto, katika A5 na A4.
lesson-1-task-1 = Anza hatua kutoka A3, shimo la tatu la mstari wako wa mbele (upande wowote).
lesson-1-task-2 = Anza hatua kutoka mstari wako wa nyuma: kutoka B3.

## Lesson 2
lesson-2-title = Kushoto, kulia na mzunguko
lesson-2-intro = Mashimo yako 16 yanafanya mzunguko mmoja. KULIA (right) inapita mstari wako wa mbele kutoka A1 hadi A8, inazunguka kuingia B8 na kurudi kwenye mstari wa nyuma hadi B1, kisha tena A1; KUSHOTO (left) ni kinyume chake. Hapa B1 inatawanya kete 4 kulia: inazunguka kona kuingia A1, A2, A3 na A4.
lesson-2-task-1 = Cheza hatua inayoishia B8, kona ya mstari wako wa nyuma.
lesson-2-task-2 = Tawanya kutoka mstari wa nyuma ukizunguka kona kuingia mstari wako wa mbele: cheza hatua inayoishia A2.

## Lesson 3
lesson-3-title = Kuendelea kutawanya
lesson-3-intro = Kete yako ya mwisho ikiangukia shimo lenye kete na hakuna kinacholiwa, inua kete zote za shimo hilo na uendelee kutawanya upande uleule: huku ni kuendelea. Hatua inaisha kete ya mwisho ikiangukia shimo tupu. Hapa A3 inatawanya katika A4, A5 na A6, inaendelea na kete 3 za A6, na kuishia B8.
lesson-3-task-1 = Cheza hatua inayoendelea angalau mara mbili.
lesson-3-task-2 = Cheza hatua inayoendelea angalau mara 3.

## Lesson 4
lesson-4-title = Kula
lesson-4-intro = Kete yako ya mwisho ikiangukia shimo lenye kete katika mstari wako wa mbele na shimo la Kaskazini linalolikabili lina kete pia, unakula: chukua kete zote za shimo la Kaskazini na uzitawanye katika mstari wako wa mbele. Shimo la mbele A1 linakabili a8, A4 linakabili a5, A8 linakabili a1. Hapa A5 inaishia A7 na kula kete 3 za a2.
lesson-4-task-1 = Kula kete 3 zilizo a4.
lesson-4-task-2 = Kula kwa hatua kutoka mstari wako wa nyuma: kete za B2 zinazunguka kuingia mstari wako wa mbele.

## Lesson 5
lesson-5-title = Kichwa: kete zilizoliwa zinaingia wapi
lesson-5-intro = Kete zilizoliwa zinaingia kwenye kichwa (wingi vichwa), shimo la mwisho la mstari wako wa mbele: kete ya kwanza katika kichwa chenyewe, kisha kuelekea ndani. Kula kwenye shimo 1 au 2 (shimo 2 ni kimbi) kunaingia A1, kwenye shimo 7 au 8 kunaingia A8; kwenye mashimo 3 hadi 6 unachagua: enter-left (A1) au enter-right (A8). Hapa A1 inakula kwenye A3 na kete zake zinaingia A8.
lesson-5-task-1 = Kula a4 na uingize kete kwenye A8 (enter-right).
lesson-5-task-2 = Kula kwenye kimbi chako A2: kete hizo lazima ziingie A1.

## Lesson 6
lesson-6-title = Kula mfululizo
lesson-6-intro = Baada ya kula, angalia kete ya mwisho iliyoliwa ilipoangukia: katika shimo la mbele lenye kete linalokabili shimo lenye kete unakula tena. Kwenye mashimo 3 hadi 6 kula kunakofuata kunaendelea na mwelekeo uleule (ukitawanya kushoto kunaingia A8, ukitawanya kulia kunaingia A1). Hapa B7 inakula a3, kisha a2.
lesson-6-task-1 = Kula mara mbili katika hatua moja.
lesson-6-task-2 = Kula mara tatu katika hatua moja.

## Lesson 7
lesson-7-title = Kula ni lazima
lesson-7-intro = Ikiwa hatua yako yoyote inakula kwa mtawanyo wake wa kwanza, lazima ucheze hatua ya kula; hakuna hatua nyingine inayoruhusiwa. Angalia mstari wa nyuma pia: kete zake zinaweza kuzunguka kuingia mstari wa mbele, kama za B6 hapa.
lesson-7-task-1 = Kula kunawezekana hapa, kwa hiyo lazima ule: tafuta hatua inayokula.
lesson-7-task-2 = Kula a4 na a2, yote mawili, katika hatua moja.

## Lesson 8
lesson-8-title = Hatua tulivu
lesson-8-intro = Ikiwa hakuna hatua inayokula kwa mtawanyo wake wa kwanza, unacheza hatua tulivu. Hatua tulivu haili kamwe, hata mtawanyo wa baadaye ukiishia mbele ya kete za Kaskazini: inaendelea tu. Hapa mtawanyo wa pili wa A1 unaishia A5, ukikabili a4, na unaendelea tu.
lesson-8-task-1 = Cheza hatua tulivu inayoendelea angalau mara 3.
lesson-8-task-2 = Cheza hatua tulivu inayoishia B8.

## Lesson 9
lesson-9-title = Kushinda
lesson-9-intro = Unashinda pale mstari wa mbele wa Kaskazini unapokuwa mtupu (mara moja, hata katikati ya hatua) au Kaskazini anapokosa hatua halali: kila shimo la Kaskazini lina kete 0 au 1. Hatua inayomaliza kete za mstari wako wa mbele mwenyewe inashindwa. Hapa kula mara tatu kunamaliza mstari wa mbele wa Kaskazini.
lesson-9-task-1 = Shinda kwa hatua moja: maliza kete za mstari wa mbele wa Kaskazini.
lesson-9-task-2 = Shinda kwa hatua moja kwa kumwacha Kaskazini bila hatua.
lesson-9-task-3 = Leta kete kutoka mstari wako wa nyuma kuingia mstari wako wa mbele: cheza hatua inayoishia A4. Tahadhari: hatua inayomaliza kete za mstari wako wa mbele mwenyewe inashindwa mara moja.
lesson-9-task-4 = Kaskazini amekula A4 yako. Jibu mapigo: kula mara mbili katika hatua moja.

## Lesson 10
lesson-10-title = Mwanzo na kete za mkononi
lesson-10-intro = Bao la Kiswahili linaanza na kete 6 katika nyumba yako (shimo la mraba A5), 2 katika A6 na A7, na kete 22 mkononi mwako. Katika namua, awamu ya kwanza ya mchezo, kila zamu inaleta kete moja kutoka mkononi kuingia mstari wako wa mbele. Hatua isiyokula ni takata: hapa A7 inapata kete ya mkononi na kutawanya kete zake 3 kushoto.
lesson-10-task-1 = Cheza hatua ya kufungua inayoishia A3.
lesson-10-task-2 = Fungua kwa takata inayozunguka kona na kuishia B7.

## Lesson 11
lesson-11-title = Kula katika namua
lesson-11-intro = Katika namua, shimo la mstari wako wa mbele lenye kete likikabili shimo la Kaskazini lenye kete, lazima ule: kete ya mkononi inaingia katika shimo lako, ambalo linabaki na kete zake, na kete za Kaskazini zinatawanywa kuanzia kichwa. Kwenye mashimo 3 hadi 6 neno la mwelekeo linataja upande wa kuingia: left (kushoto) inaingia A1, right (kulia) inaingia A8. Hapa A6 inakula a3 na kuingia A8.
lesson-11-task-1 = Kula kete 6 za nyumba ya Kaskazini, a5.
lesson-11-task-2 = Kula a3 na uingize kete zake kwenye A1.
lesson-11-task-3 = Kula mara tatu katika hatua moja.

## Lesson 12
lesson-12-title = Takata na inapoweza kuanza
lesson-12-intro = Bila kula, cheza takata: weka kete ya mkononi katika shimo la mbele na utawanye. Anza kutoka shimo la mbele lenye kete 2 au zaidi; kete moja inaweza kuanza tu wakati hakuna shimo la mbele lenye kete 2 au zaidi, au ukiwa bado unamiliki nyumba yako. Takata haili kamwe, na kichwa (A1 au A8) kilicho shimo lako pekee la mbele lenye kete hakitawanywi kuelekea mstari wako wa nyuma. Hapa A3 inatawanya kete 4 kulia, katika A4 hadi A7, na kuendelea na A7.
lesson-12-task-1 = Cheza takata inayoishia A4.
lesson-12-task-2 = Cheza takata inayoishia katika mstari wako wa nyuma, B2.
lesson-12-task-3 = A8 ndilo shimo lako pekee la mbele lenye kete. Kichwa kilicho peke yake hakitawanywi kuelekea mstari wako wa nyuma (A8 right inakataliwa): cheza takata inayoruhusiwa.

## Lesson 13
lesson-13-title = Nyumba: simama au safari
lesson-13-intro = Ukiwa unamiliki nyumba yako (kete 6 au zaidi) ina sheria zake katika namua. Takata inayoishia hapo inasimama. Kula ambako mtawanyo wake unaishia hapo bila kitu cha kula kunakuruhusu kuchagua: simama (`stop`), au itumie (`use`, yaani safari: inua kete zake na uendelee kutawanya; nyumba basi si yako tena). Hapa A2 inakula kete 5 na kusimama katika nyumba.
lesson-13-task-1 = Nenda safari: kula, kisha tumia nyumba yako na uendelee kutawanya.
lesson-13-task-2 = Cheza takata inayosimama katika nyumba yako.
lesson-13-task-3 = Nyumba yako ndilo shimo lako pekee la mbele lenye kete: cheza mwanzo wa kete mbili (kete ya mkononi, kisha inua kete 2 tu) ili hatua iishie A7.

## Lesson 14
lesson-14-title = Kuingia mtaji
lesson-14-intro = Mikono yote miwili ikiwa mitupu mchezo unaingia mtaji, awamu yake ya pili: hakuna tena kete za mkononi, na hatua inainua kete zote za shimo lolote kati ya mashimo yako 16 lenye kete 2 au zaidi. Kete za mkono wako zinaisha kwanza; zamu ya mwisho ya namua ya Kaskazini inafuata. Hapa kete yako ya mwisho ya mkononi inakula a5.
lesson-14-task-1 = Cheza kete yako ya mwisho ya mkononi: kula a8 ya Kaskazini.
lesson-14-task-2 = Mtaji: mikono yote miwili ni mitupu. Kula mara mbili katika hatua moja.

## Lesson 15
lesson-15-title = Kula katika mtaji na kichwa
lesson-15-intro = Katika mtaji kula kunaanza kutoka shimo lenye kete 2 hadi 15 ambalo mtawanyo wake wa kwanza unaishia katika shimo la mbele lenye kete linalokabili shimo lenye kete; kama kupo lazima ule. Kwenye mashimo 3 hadi 6 hakuna kuchagua kichwa: ukitawanya kulia kete zinaingia A1, ukitawanya kushoto zinaingia A8. Hapa A2 inatawanya kulia, inakula a5 kwenye A4, na kuingia A1.
lesson-15-task-1 = Kula a5 ili kete zake ziingie A8.
lesson-15-task-2 = Kula kutoka mstari wako wa nyuma.

## Lesson 16
lesson-16-title = Takata katika mtaji: inapoweza kuanza
lesson-16-intro = Katika mtaji, bila kula, takata inaanza kutoka shimo la mbele lenye kete 2 au zaidi (16 au zaidi pia); shimo la nyuma linaweza kuanza tu wakati hakuna shimo la mbele lenye kete 2 au zaidi. Shimo lenye kete 16 au zaidi halili kamwe. Hapa hakuna shimo la mbele lenye kete 2, kwa hiyo B6 inaanza: inatawanya kete 2 katika B7 na B8, inaendelea na kete 5 za B8 na kuishia A4.
lesson-16-task-1 = Hakuna shimo la mbele lenye kete 2 au zaidi, kwa hiyo mara hii shimo la nyuma linaweza kuanza takata yako. Cheza ile inayoishia A2.
lesson-16-task-2 = Kula kwa Kaskazini kumeacha kete moja moja tu katika mstari wako wa mbele, kwa hiyo mstari wa nyuma unaweza kuanza tena. Cheza takata kutoka B8 inayozunguka kona kuingia mstari wako wa mbele.
lesson-16-task-3 = A3 ina kete 17. Upande wowote mtawanyo wake wa kwanza unaishia katika shimo la mbele lenye kete linalokabili kete za Kaskazini, lakini shimo lenye kete 16 au zaidi halili kamwe (ni mashimo yenye kete 2 hadi 15 tu yanayoweza), kwa hiyo inacheza takata. Cheza ile inayoishia A8.

## Lesson 17
lesson-17-title = Takasia
lesson-17-intro = Baada ya takata ya mtaji, mpinzani wako akiwa hana kula na unatishia shimo lake moja tu, shimo hilo linakuwa takasia: katika zamu yake inayofuata hawezi kuanza kutoka shimo hilo, na mtawanyo ambao kete yake ya mwisho inaangukia humo unasimama hapo. Bao linaliwekea alama T. Hapa takata ya A2 inatishia a5 tu.
lesson-17-task-1 = Cheza takata kutoka A6 inayoweka takasia kwenye a5 ya Kaskazini.
lesson-17-task-2 = A4 yako ni takasia (T): haiwezi kuanza zamu hii. Cheza hatua ambayo kete yake ya mwisho inasimama ndani yake.

## Lesson 18
lesson-18-title = Kumaliza mchezo
lesson-18-intro = Unashinda pale mstari wa mbele wa Kaskazini unapokuwa mtupu (bao hamna), au Kaskazini anapokosa hatua halali (katika mtaji: kila shimo la Kaskazini lina kete 0 au 1). Kete hazihesabiwi kamwe, na hatua isiyoisha (zaidi ya mizunguko 512 ya kutawanya baada ya wa kwanza) inamshinda anayeicheza. Hapa kula kwa B7 kunamwachia Kaskazini kete moja moja tu.
lesson-18-task-1 = Shinda kwa hatua moja: maliza kete za mstari wa mbele wa Kaskazini.
lesson-18-task-2 = Shinda kwa hatua moja kwa kumwacha Kaskazini bila hatua.
lesson-18-task-3 = Moja ya hatua zako kutoka A4 haiishi kamwe, na hatua inayohitaji zaidi ya mizunguko 512 ya kutawanya baada ya wa kwanza inamshinda anayeicheza. Cheza A4 upande unaoisha.
