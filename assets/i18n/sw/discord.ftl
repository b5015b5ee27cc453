# Anachosema kiunganishi cha Discord mwenyewe, amri au kitufe kisipofika kwenye programu.

discord-unreadable = Sikuweza kusoma machaguo ya amri hiyo; angalia `/bao help`.
discord-foreign-button = Kitufe hicho si cha bao-bot.
discord-daily-not-text = { $channel } si chaneli ya maandishi: fumbo la kila siku linahitaji kuwekwa katika chaneli ya maandishi.
# $permissions: majina ya Discord ya ruhusa zinazokosekana (View Channel, Send Messages, ...).
discord-daily-cannot-post = Boti haiwezi kuweka fumbo la kila siku katika { $channel }: inakosa { $permissions } hapo. { $count ->
    [one] Iruhusu
   *[other] Ziruhusu
} kwa boti katika chaneli hiyo (au chagua chaneli nyingine), kisha weka tena.
# Changamoto katika seva iliyozima programu za nje: Discord inaonyesha kila kitu programu inachosema hapo kwa aliyeuliza peke yake.
discord-ephemeral-only = Mchezo hauwezi kushirikiwa hapa: seva hii imezima programu za nje, kwa hivyo kila kitu programu inachosema hapa kinaonekana kwako peke yako. Mpe rafiki yako changamoto kwa ujumbe binafsi au katika kikundi cha ujumbe binafsi badala yake, au waombe wasimamizi wa seva waongeze boti.
# Chini ya changamoto yenye saa mahali ambapo programu pekee ipo (DM, DM ya kikundi, seva bila boti).
discord-clock-by-dm = Boti haiwezi kuandika hapa yenyewe: muda ukiisha, matokeo yanatumwa kwa ujumbe binafsi kwa kila mchezaji ambaye boti inaweza kumfikia, na yanaonyeshwa hapa kwenye amri au kitufe kinachofuata.
# Above a board shown with the first answer in a place where only the app is, when the bot could not show it there before (a clock ran out, a token expired).
app-only-catch-up = Mchezo { $game } ulivyo sasa (boti haikuweza kuuonyesha hapa mapema):
# Once, privately, on the next interaction after Discord refused a DM to the player.
app-only-dm-refused = Boti haikuweza kukutumia ujumbe binafsi: Discord iliukataa, kwa hivyo taarifa kwa ujumbe binafsi (taarifa za zamu, vikumbusho, na matokeo kutoka mahali ambapo boti haiwezi kuandika) hazikufikii. Ili uzipate, ruhusu ujumbe binafsi kutoka kwa programu katika mipangilio ya faragha ya Discord (au shiriki seva moja na boti), kisha tumia `/bao prefs notify:dm` ili boti ijaribu tena.
