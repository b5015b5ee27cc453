# Anachosema kiunganishi cha Discord mwenyewe, amri au kitufe kisipofika kwenye programu.

discord-unreadable = Sikuweza kusoma machaguo ya amri hiyo; angalia `/bao help`.
discord-foreign-button = Kitufe hicho si cha bao-bot.
discord-daily-not-text = { $channel } si chaneli ya maandishi: fumbo la kila siku linahitaji kuwekwa katika chaneli ya maandishi.
# $permissions: majina ya Discord ya ruhusa zinazokosekana (View Channel, Send Messages, ...).
discord-daily-cannot-post = Boti haiwezi kuweka fumbo la kila siku katika { $channel }: inakosa { $permissions } hapo. { $count ->
    [one] Iruhusu
   *[other] Ziruhusu
} kwa boti katika chaneli hiyo (au chagua chaneli nyingine), kisha weka tena.
