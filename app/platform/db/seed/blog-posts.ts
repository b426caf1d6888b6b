/**
 * Seed blog posts: original Swedish articles for the public blog (docs/rules/blog.md).
 * Every post is published, has artwork at /images/blog/{slug}.webp (1200×630) and uses only
 * the HTML tags the post page's sanitiser keeps. One post has no excerpt on purpose, so the
 * excerpt fallback (docs/rules/blog.md#excerpts) is exercised.
 */
import type { blog_posts } from "../schema";

export type BlogPostSeed = typeof blog_posts.$inferInsert & {
  slug: string;
  title: string;
  content: string;
  categories: string[];
  tags: string[];
  is_pinned: boolean;
  view_count: number;
  published_at: Date;
  featured_image_url: string;
};

const image = (slug: string) => `/images/blog/${slug}.webp`;

export const BLOG_POST_SEEDS: readonly BlogPostSeed[] = [
  // -------------------------------------------------------------------------
  {
    slug: "salja-cs2-skins-sakert",
    title: "Så säljer du dina CS2-skins säkert – en guide i sex steg",
    excerpt:
      "Från Steam Guard och trade-länk till utbetalning via Swish: så gör du en trygg försäljning av dina CS2-skins, steg för steg.",
    categories: ["Guides", "Trading"],
    tags: ["CS2", "sälja skins", "säkerhet", "guide", "Steam Guard"],
    is_pinned: true,
    view_count: 1842,
    status: "published",
    published_at: new Date("2025-03-12T08:30:00Z"),
    author_name: "Skinhamnen-teamet",
    featured_image_url: image("salja-cs2-skins-sakert"),
    alt_text:
      "Abstrakt illustration i marinblått och orange med ett sköldmotiv och texten Sälj dina skins säkert",
    meta_title: "Sälja CS2-skins säkert – guide i sex steg | Skinhamnen",
    meta_description:
      "Lär dig sälja CS2-skins tryggt: förbered kontot, kontrollera trade-erbjudandet, välj Swish, bank eller krypto och undvik de vanligaste misstagen.",
    content: `
<p>Har du skins i ditt inventory som bara ligger och samlar damm? Då är du långt ifrån ensam. Många spelare sitter på föremål värda hundratals eller tusentals kronor som de aldrig använder. Att göra om dem till riktiga pengar är smart – men bara om det sker på ett sätt som skyddar både dina föremål och ditt konto. I den här guiden går vi igenom hur en försäljning går till hos oss, och vad du bör tänka på oavsett var du väljer att sälja.</p>

<h2>1. Förbered ditt Steam-konto</h2>
<p>Innan du gör din första affär behöver kontot vara redo för trades. I praktiken handlar det om tre saker:</p>
<ul>
<li><strong>Steam Guard Mobile Authenticator</strong> ska vara aktiverat. Utan det kan du inte ta emot trades utan långa väntetider, och ditt konto är dessutom betydligt lättare att kapa.</li>
<li><strong>Din trade-länk</strong> ska vara korrekt. Du hittar den i Steam under ditt inventory, via Trade Offers och rutan för vem som får skicka erbjudanden till dig. Spara länken i din profil hos oss så slipper du klistra in den varje gång.</li>
<li><strong>Ditt inventory ska vara offentligt</strong>, så att vi kan se vilka föremål du vill sälja och värdera dem rätt.</li>
</ul>

<h2>2. Ta reda på vad dina skins är värda</h2>
<p>Ett vanligt misstag är att sälja i all hast utan att ha koll på priset. Våra bud bygger på aktuell marknadsdata, men det är alltid klokt att själv ha en ungefärlig bild av värdet innan du säljer. Titta på skickgrad, float-värde, eventuella stickers och om föremålet är StatTrak. Två skins med exakt samma namn kan skilja sig mycket i pris. Läs gärna vår guide om <a href="/blog/float-varden-och-slitage-forklarat">float-värden och slitage</a> om du vill förstå varför.</p>
<p>Har du ett stort inventory kan du få en samlad värdering inom cirka 30 minuter. Säljer du många föremål på en gång kan du dessutom få en paketbonus på 2–5 %.</p>

<h2>3. Kontakta oss och få ett bud</h2>
<p>När du vet vad du vill sälja startar du en konversation i vår livechatt, som är öppen 09:00–22:00 alla dagar. Berätta vilka föremål det gäller så återkommer vi med ett bud. Vi tar ingen avgift – det belopp vi kommer överens om är det belopp du får. Tycker du att budet är för lågt är det helt okej att tacka nej.</p>

<h2>4. Kontrollera trade-erbjudandet noga</h2>
<p>Det här är det viktigaste steget av alla. När du har accepterat budet skickas ett trade-erbjudande, och innan du bekräftar det i Steam-appen bör du:</p>
<ol>
<li>kontrollera att föremålen i erbjudandet är exakt de ni har kommit överens om – inga fler och inga färre,</li>
<li>titta på motpartens profil: namn, nivå och hur länge kontot har funnits, eftersom bedragare gärna kopierar namn och profilbilder,</li>
<li>läsa bekräftelsen i mobilappen en extra gång och avbryta direkt om mottagaren inte stämmer med den du har pratat med.</li>
</ol>
<p>Acceptera aldrig ett erbjudande från någon som hör av sig på eget initiativ via en vänförfrågan eller på Discord och påstår sig vara från oss. Mer om det kan du läsa i vår artikel om <a href="/blog/upptack-bedragerier-och-api-nyckel-phishing">bedrägerier och API-nyckel-phishing</a>.</p>

<h2>5. Välj hur du vill få betalt</h2>
<p>Du bestämmer själv hur pengarna ska komma till dig:</p>
<ul>
<li><strong>Swish</strong> – till ditt mobilnummer.</li>
<li><strong>Banköverföring</strong> – till ditt konto.</li>
<li><strong>Krypto</strong> – till din plånbok.</li>
</ul>
<p>Utbetalningen görs senast nästa bankdag efter att Trade Protection har gått ut.</p>
<p>Affärer över 1 000 kr granskas manuellt innan de betalas ut. Det är en säkerhetsåtgärd som skyddar både dig och oss. Vill du jämföra alternativen mer i detalj har vi skrivit en egen artikel om <a href="/blog/swish-bank-eller-krypto-utbetalning">Swish, bank och krypto</a>.</p>

<h2>6. Spara underlaget och samla poäng</h2>
<p>När affären är klar är det bra att spara chattkonversationen och betalningsbekräftelsen. Skulle något bli fel i efterhand är det mycket lättare att reda ut med tydligt underlag. Är du inloggad på ditt konto får du dessutom poäng och XP för varje försäljning. Med tiden tar det dig uppåt på vår VIP-stege, där högre nivåer ger extra bonus på framtida försäljningar.</p>

<h2>Snabb checklista</h2>
<ul>
<li>Steam Guard är aktiverat på mobilen.</li>
<li>Trade-länken i profilen är uppdaterad.</li>
<li>Du vet ungefär vad dina skins är värda.</li>
<li>Du har kontrollerat föremål och mottagare i bekräftelsen.</li>
<li>Du har valt utbetalningssätt och dubbelkollat dina uppgifter.</li>
</ul>

<blockquote><p>Tumregel: om något känns stressigt eller för bra för att vara sant – pausa. En seriös motpart väntar gärna medan du dubbelkollar.</p></blockquote>

<p>Redo att sätta igång? På sidan <a href="/salja-skins">Sälj skins</a> hittar du hela processen samlad, och i livechatten sitter vi redo att hjälpa dig.</p>
`,
  },

  // -------------------------------------------------------------------------
  {
    slug: "float-varden-och-slitage-forklarat",
    title: "Float-värden och slitage förklarat: FN, MW, FT, WW och BS",
    // Intentionally null: exercises the excerpt fallback on cards and the post page.
    excerpt: null,
    categories: ["Guides"],
    tags: ["float", "wear", "Factory New", "skins", "guide"],
    is_pinned: false,
    view_count: 1217,
    status: "published",
    published_at: new Date("2025-05-20T10:00:00Z"),
    author_name: "Elin Bergström",
    featured_image_url: image("float-varden-och-slitage-forklarat"),
    alt_text:
      "Abstrakt illustration med en orange skala över fem slitagenivåer på mörkblå bakgrund och texten Float och slitage",
    meta_title: "Float-värden och slitage i CS2 förklarat | Skinhamnen",
    meta_description:
      "Vad betyder Factory New, Minimal Wear, Field-Tested, Well-Worn och Battle-Scarred? Så påverkar float-värdet utseende och pris på dina skins.",
    content: `
<p>Du har säkert sett två skins med exakt samma namn men med helt olika pris. Ofta beror skillnaden på ett enda tal: float-värdet. Det avgör hur slitet ett vapen ser ut, och därmed också hur mycket någon är beredd att betala för det. I den här guiden reder vi ut vad float är, hur det hänger ihop med de fem skickgraderna och vad du bör tänka på när du köper eller säljer.</p>

<h2>Vad är ett float-värde?</h2>
<p>Varje skin får när det skapas ett decimaltal mellan 0 och 1. Talet bestämmer hur mycket slitage som syns på ytan. Ju närmare noll, desto renare och skarpare ser föremålet ut. Ju närmare ett, desto mer repor, blekta färger och skavanker. Värdet ändras aldrig – ett skin blir inte slitnare av att du använder det i matcher.</p>
<p>Float-värdet delas in i fem intervall, och det är dem du ser som skickgrad i namnet på föremålet.</p>

<table>
<thead>
<tr><th>Förkortning</th><th>Skickgrad</th><th>Float-intervall</th></tr>
</thead>
<tbody>
<tr><td>FN</td><td>Factory New</td><td>0,00–0,07</td></tr>
<tr><td>MW</td><td>Minimal Wear</td><td>0,07–0,15</td></tr>
<tr><td>FT</td><td>Field-Tested</td><td>0,15–0,38</td></tr>
<tr><td>WW</td><td>Well-Worn</td><td>0,38–0,45</td></tr>
<tr><td>BS</td><td>Battle-Scarred</td><td>0,45–1,00</td></tr>
</tbody>
</table>

<h2>Varför spelar några decimaler så stor roll?</h2>
<p>Priset följer inte float-värdet i en jämn kurva. Det hoppar vid gränserna. Ett skin med float 0,069 räknas som Factory New, medan ett med 0,071 är Minimal Wear – trots att skillnaden knappt syns för blotta ögat. Eftersom många köpare filtrerar på skickgrad kan just den gränsen betyda en tydlig prisskillnad.</p>
<p>Inom samma skickgrad finns också en premie för riktigt låga värden. Samlare letar efter så kallade <em>low float</em>-exemplar, till exempel en Factory New med 0,00-något. Tvärtom finns det köpare som söker extremt slitna exemplar för att de har ett speciellt utseende. Det är alltså inte alltid så att lägst float automatiskt är bäst.</p>

<h2>Alla skins finns inte i alla skick</h2>
<p>Många skins har ett begränsat float-intervall. Vissa kan bara förekomma mellan exempelvis 0,00 och 0,50, andra börjar först vid 0,06. Det betyder att en viss design ibland inte ens finns som Factory New eller Battle-Scarred. Om en skickgrad är sällsynt för just det skinet påverkar det förstås priset.</p>

<h2>Mönster och andra faktorer</h2>
<p>Float är inte det enda som avgör värdet. Några andra saker att ha koll på:</p>
<ul>
<li><strong>Mönster (pattern):</strong> på vissa skins placeras färger och motiv olika beroende på ett mönsterindex. Enstaka mönster kan vara värda betydligt mer än resten.</li>
<li><strong>StatTrak:</strong> en räknare som registrerar kills. StatTrak-versioner brukar kosta mer än vanliga.</li>
<li><strong>Stickers:</strong> vissa stickers, särskilt äldre och sällsynta, kan höja värdet rejält – medan andra knappt påverkar alls.</li>
<li><strong>Efterfrågan:</strong> ett populärt vapen som många faktiskt spelar med säljer oftast lättare än ett udda alternativ.</li>
</ul>

<h2>Så ser du float-värdet</h2>
<p>I CS2 kan du inspektera ett föremål i ditt inventory och se dess slitagevärde direkt i spelet. Det finns också tredjepartsverktyg som visar float och mönster, men var försiktig med tjänster som ber dig logga in – logga bara in där du är säker på att sidan är äkta.</p>

<h2>Vad betyder det här när du säljer?</h2>
<p>När vi värderar dina föremål tittar vi på helheten: skickgrad, float inom intervallet, stickers och hur marknaden ser ut just nu. Har du ett skin med ovanligt lågt float eller ett eftertraktat mönster är det värt att nämna det i chatten, så att det kommer med i bedömningen. Vi köper skins i alla fem skickgrader – FN, MW, FT, WW och BS.</p>

<blockquote><p>Kom ihåg: float-värdet är fast. Ett Field-Tested-skin förblir Field-Tested, hur mycket du än spelar med det.</p></blockquote>

<p>Vill du veta vad ditt inventory är värt? Läs mer på sidan <a href="/salja-skins">Sälj skins</a> eller kika på vår guide om hur du <a href="/blog/salja-cs2-skins-sakert">säljer dina skins säkert</a>.</p>
`,
  },

  // -------------------------------------------------------------------------
  {
    slug: "trade-protection-och-utbetalningar",
    title: "Trade Protection i CS2: vad 7-dagarsfönstret betyder för din försäljning",
    excerpt:
      "Sedan 2025 kan en trade i CS2 återkallas i upp till sju dagar. Vi förklarar hur Trade Protection fungerar och vad det innebär när du säljer.",
    categories: ["Trading"],
    tags: ["Trade Protection", "CS2", "trading", "utbetalning", "säkerhet"],
    is_pinned: false,
    view_count: 638,
    status: "published",
    published_at: new Date("2025-08-04T07:45:00Z"),
    author_name: "Johan Lindqvist",
    featured_image_url: image("trade-protection-och-utbetalningar"),
    alt_text:
      "Abstrakt illustration med sju orange ringar i rad på mörkblå bakgrund och texten Trade Protection",
    meta_title: "Trade Protection i CS2 och dina utbetalningar | Skinhamnen",
    meta_description:
      "Så fungerar CS2:s Trade Protection med sju dagars ångerfönster, vad det innebär för säljare och köpare och varför en återkallad trade inte är en ångerrätt.",
    content: `
<p>Under 2025 införde Valve en förändring som påverkar alla som handlar med skins i CS2: <strong>Trade Protection</strong>. I korthet innebär den att en genomförd trade kan återkallas under sju dagar. Det låter kanske tekniskt, men det har betydelse både för dig som säljer och för dig som köper. Här går vi igenom hur systemet fungerar och vad det betyder i praktiken.</p>

<h2>Hur fungerar Trade Protection?</h2>
<p>När föremål byter ägare genom en trade blir de skyddade i sju dagar. Under den perioden gäller i huvudsak följande:</p>
<ul>
<li>Den som skickade föremålen kan välja att återkalla traden. Då går föremålen tillbaka till sina tidigare ägare.</li>
<li>Den som tog emot föremålen kan använda dem i spelet, men kan inte trada vidare eller sälja dem förrän skyddstiden är slut.</li>
<li>När de sju dagarna har gått blir traden slutgiltig på vanligt sätt.</li>
</ul>
<p>Detaljerna kan justeras över tid, så kontrollera alltid Steams egen information om du är osäker på exakt vad som gäller just nu.</p>

<h2>Varför finns systemet?</h2>
<p>Syftet är att skydda spelare vars konton blir kapade. Tidigare kunde en bedragare som tagit över ett konto tömma inventoryt på några sekunder, och då var föremålen i praktiken borta för gott. Med ett ångerfönster på sju dagar har den rättmätiga ägaren en chans att få tillbaka sina saker om kontot har hamnat i fel händer. Det är med andra ord i grunden en bra förändring för alla som är rädda om sitt inventory.</p>

<h2>Vad betyder det när du säljer till oss?</h2>
<p>För dig som säljare ser själva processen ut som vanligt. Du får ett bud, skickar föremålen via en trade och väljer utbetalning via Swish, bank eller krypto. Utbetalningstiderna gäller som vanligt:</p>
<table>
<thead>
<tr><th>Utbetalningssätt</th><th>Utbetalning</th></tr>
</thead>
<tbody>
<tr><td>Swish</td><td>Senast nästa bankdag efter Trade Protection</td></tr>
<tr><td>Banköverföring</td><td>Senast nästa bankdag efter Trade Protection</td></tr>
<tr><td>Krypto</td><td>Senast nästa bankdag efter Trade Protection</td></tr>
</tbody>
</table>
<p>Det som är nytt är att vi, precis som alla andra aktörer, behöver skydda oss mot att en trade återkallas efter att pengarna har betalats ut. Affärer över 1 000 kr granskas manuellt innan utbetalning, och det är viktigt att de uppgifter du lämnar stämmer.</p>

<h2>Återkallad trade är ingen ångerrätt</h2>
<p>Det är lätt att tro att sju dagars fönster betyder att man kan ångra en försäljning i efterhand. Så är det inte. Funktionen finns för att skydda kapade konton, inte för att man ska kunna både behålla pengarna och få tillbaka föremålen. Att återkalla en trade som du redan har fått betalt för räknas som bedrägeri och kan polisanmälas.</p>
<blockquote><p>Har du ångrat dig efter en försäljning? Kontakta oss i livechatten i stället för att återkalla traden. Då hittar vi en lösning tillsammans.</p></blockquote>
<p>Du kan läsa mer om hur vi hanterar detta på vår sida om <a href="/trade-protection">Trade Protection</a> och i våra <a href="/anvandarvillkor">användarvillkor</a>.</p>

<h2>Och när du köper?</h2>
<p>Köper du skins får du föremålen i ditt inventory som vanligt och kan använda dem direkt i spelet. Däremot kan du inte trada vidare eller sälja dem förrän skyddstiden har löpt ut. Planerar du att köpa något för att snabbt sälja vidare behöver du alltså räkna med en väntetid på sju dagar.</p>

<h2>Så skyddar du dig själv</h2>
<ol>
<li>Aktivera Steam Guard Mobile Authenticator och använd ett unikt lösenord.</li>
<li>Kontrollera varje trade-erbjudande noga innan du bekräftar det i mobilappen.</li>
<li>Om ditt konto ändå blir kapat: agera snabbt, säkra kontot och se över din trade-historik medan fönstret fortfarande är öppet.</li>
<li>Handla bara med motparter som har tydliga villkor och som går att nå när något går fel.</li>
</ol>

<h2>Sammanfattning</h2>
<p>Trade Protection gör CS2-handeln tryggare, framför allt för den som råkar ut för en kapning. För dig som säljer ärligt förändras väldigt lite: du får fortfarande betalt enligt de vanliga tiderna. Det enda du behöver komma ihåg är att en återkallad trade inte är ett sätt att ångra en affär – och att vi alltid finns i chatten om något känns fel.</p>
`,
  },

  // -------------------------------------------------------------------------
  {
    slug: "vip-stegen-lanseras",
    title: "Nu lanserar vi VIP-stegen: Bronze, Silver, Gold och Platinum",
    excerpt:
      "Samla XP på varje affär och klättra från Bronze till Platinum. Högre nivå ger upp till 3 % extra på dina försäljningar.",
    categories: ["News"],
    tags: ["nyheter", "VIP", "XP", "poäng", "Skinhamnen"],
    is_pinned: false,
    view_count: 64,
    status: "published",
    published_at: new Date("2025-10-01T09:00:00Z"),
    author_name: "Skinhamnen-teamet",
    featured_image_url: image("vip-stegen-lanseras"),
    alt_text:
      "Abstrakt illustration med fyra stigande trappsteg i orange toner på mörkblå bakgrund och texten VIP-stegen är här",
    meta_title: "VIP-stegen lanseras: Bronze till Platinum | Skinhamnen",
    meta_description:
      "Skinhamnens nya VIP-stege belönar lojala kunder. Samla XP, nå Silver, Gold eller Platinum och få upp till 3 % extra på varje försäljning.",
    content: `
<p>Sedan starten i Helsingborg 2019 har vi haft en enkel idé: det ska vara tryggt, snabbt och rättvist att sälja skins. Nu tar vi nästa steg och belönar er som handlar med oss gång på gång. Idag lanserar vi <strong>VIP-stegen</strong> – ett nivåsystem där varje affär tar dig närmare högre bonusar och fler förmåner.</p>

<h2>Så fungerar det</h2>
<p>Varje gång du säljer eller köper skins hos oss får du XP, erfarenhetspoäng som visar hur aktiv du är. Du får 2 XP per krona, och din XP-summa avgör vilken nivå du befinner dig på. Du klättrar i din egen takt, och varje affär räknas.</p>

<table>
<thead>
<tr><th>Nivå</th><th>XP som krävs</th><th>Extra på försäljningar</th><th>Månatlig bonus-XP</th></tr>
</thead>
<tbody>
<tr><td>Bronze</td><td>0</td><td>–</td><td>–</td></tr>
<tr><td>Silver</td><td>5 000</td><td>+1 %</td><td>500</td></tr>
<tr><td>Gold</td><td>100 000</td><td>+2 %</td><td>2 000</td></tr>
<tr><td>Platinum</td><td>500 000</td><td>+3 %</td><td>10 000</td></tr>
</tbody>
</table>

<h2>Förmånerna på varje nivå</h2>
<h3>Bronze</h3>
<p>Alla börjar här. Som Bronze-medlem får du tillgång till våra vanliga kampanjer och giveaways, och du börjar samla XP och poäng från första affären.</p>
<h3>Silver</h3>
<p>Vid 5 000 XP når du Silver. Då får du 1 % extra på alla försäljningar. Säljer du till exempel skins för 2 000 kr får du 20 kr extra – helt automatiskt.</p>
<h3>Gold</h3>
<p>Gold kräver 100 000 XP och ger 2 % extra på försäljningar, rabatterad köpavgift och tillgång till giveaways som bara är öppna för Gold-medlemmar.</p>
<h3>Platinum</h3>
<p>Den högsta nivån nås vid 500 000 XP. Platinum ger 3 % extra på försäljningar, en personlig kontaktperson, erbjudanden som inte är publika och egna giveaways för Platinum-medlemmar.</p>

<h2>XP och poäng – vad är skillnaden?</h2>
<p>Det är lätt att blanda ihop de två, så här kommer en snabb förklaring:</p>
<ul>
<li><strong>XP</strong> bestämmer din VIP-nivå. XP används inte som betalmedel – den visar hur långt du har kommit.</li>
<li><strong>Poäng</strong> är en valuta du kan använda i vår <a href="/point-shop">poängbutik</a>. Du får 2 poäng per krona när du säljer och 1 poäng per krona när du köper. Som riktmärke motsvarar 1 000 poäng ungefär 500 kr.</li>
</ul>
<p>Du kan alltså handla i poängbutiken utan att tappa din VIP-nivå.</p>

<h2>Ta med en vän</h2>
<p>Samtidigt som VIP-stegen lanseras lyfter vi fram vårt värvningsprogram. Varje medlem har en personlig kod. När en vän registrerar sig med din kod får ni båda 500 poäng. När din vän sedan har handlat för totalt 5 000 kr får du dessutom en milstolpsbonus på 25 000 poäng. Du hittar din kod på din <a href="/profile">profilsida</a>.</p>

<h2>Behöver jag göra något?</h2>
<p>Nej. Har du ett konto hos oss är du redan med. Din nivå och hur långt du har kvar till nästa syns på din profil. Har du inget konto ännu kan du skapa ett på några minuter – det är gratis och du kan lägga till din trade-länk direkt eller senare.</p>

<blockquote><p>Vi vill att lojalitet ska löna sig. VIP-stegen är vårt sätt att säga tack till alla som har valt att handla med oss.</p></blockquote>

<p>Läs mer om nivåerna och vanliga frågor på sidan om <a href="/xp-system">XP-systemet</a>, eller se hur poängen fungerar under <a href="/point-system">poängsystemet</a>. Har du frågor sitter vi i chatten varje dag mellan 09:00 och 22:00.</p>
`,
  },

  // -------------------------------------------------------------------------
  {
    slug: "marknadsanalys-stickerkapslar-efter-major",
    title: "Marknadsanalys: så rör sig priset på stickerkapslar och case över tid",
    excerpt:
      "Stickerkapslar och case följer ofta ett tydligt mönster: billigt när utbudet flödar, dyrare när det sinar. Vi går igenom faserna.",
    categories: ["Market"],
    tags: ["marknadsanalys", "stickers", "Major", "case", "trender"],
    is_pinned: false,
    view_count: 87,
    status: "published",
    published_at: new Date("2026-01-27T12:15:00Z"),
    author_name: "Oskar Nyberg",
    featured_image_url: image("marknadsanalys-stickerkapslar-efter-major"),
    alt_text:
      "Abstrakt illustration med ett stigande orange linjediagram över mörkblå staplar och texten Marknadsanalys",
    meta_title: "Marknadsanalys: stickerkapslar och case | Skinhamnen",
    meta_description:
      "Varför är stickerkapslar billiga under en Major och dyrare ett år senare? En genomgång av utbud, efterfrågan och droppooler på CS2-marknaden.",
    content: `
<p>Den som har följt CS2-marknaden ett tag har säkert märkt att vissa föremål rör sig i tydliga cykler. Stickerkapslar från de stora Major-turneringarna är kanske det bästa exemplet, men samma logik gäller ofta även för case. I den här analysen tittar vi på vilka krafter som driver priserna och vad du kan tänka på om du sitter på kapslar eller case i ditt inventory.</p>
<p><em>Observera att det här är en allmän genomgång av hur marknaden brukar bete sig, inte en prisprognos eller finansiell rådgivning. Marknaden kan alltid överraska.</em></p>

<h2>Utbud och efterfrågan i fyra faser</h2>
<p>En stickerkapsel säljs bara under en begränsad tid i samband med en Major. Det skapar ett förutsägbart förlopp där utbudet först flödar och sedan plötsligt stannar.</p>

<table>
<thead>
<tr><th>Fas</th><th>Vad händer med utbudet</th><th>Typisk prisrörelse</th></tr>
</thead>
<tbody>
<tr><td>Under försäljningen</td><td>Nya kapslar tillverkas hela tiden</td><td>Låga, ofta sjunkande priser</td></tr>
<tr><td>Direkt efter</td><td>Ingen ny tillverkning, många säljer av</td><td>Avvaktande, ibland fortsatt nedgång</td></tr>
<tr><td>Månader efteråt</td><td>Kapslar öppnas och försvinner från marknaden</td><td>Gradvis uppgång</td></tr>
<tr><td>Flera år senare</td><td>Litet kvarvarande utbud</td><td>Stabilt högre nivå, större svängningar</td></tr>
</tbody>
</table>

<h2>Varför är det billigt under turneringen?</h2>
<p>Under försäljningsperioden köper många spelare kapslar för att stötta sina favoritlag och för att det är roligt att öppna dem under turneringen. Samtidigt finns det ingen övre gräns för hur många som kan tillverkas. När utbudet växer snabbare än efterfrågan pressas priserna nedåt. Det är därför många samlare väntar till slutet av perioden innan de köper.</p>

<h2>Vad händer när försäljningen tar slut?</h2>
<p>När kapslarna inte längre går att köpa från källan är utbudet i praktiken fryst. Från och med då kan det bara minska, eftersom varje kapsel som öppnas försvinner för gott. Det är här den långsiktiga uppgången brukar börja – men den sker sällan över en natt. Ofta tar det månader innan effekten syns tydligt, och under tiden kan priset svaja åt båda håll.</p>

<h2>Alla kapslar är inte lika</h2>
<p>Några faktorer brukar avgöra hur starkt en viss kapsel utvecklas:</p>
<ul>
<li><strong>Innehållet:</strong> populära lag och spelare i kapseln ökar efterfrågan, särskilt om de gått långt i turneringen.</li>
<li><strong>Varianter:</strong> holo-, foil- och guldversioner är ovanligare och rör sig ofta annorlunda än vanliga pappersstickers.</li>
<li><strong>Hur mycket som sålts:</strong> en Major med många tittare ger ofta ett stort utbud, vilket kan dämpa uppgången.</li>
<li><strong>Användning:</strong> stickers som ser bra ut på populära vapen används och förbrukas, vilket minskar utbudet ytterligare.</li>
</ul>

<h2>Samma logik för case</h2>
<p>Case följer ett liknande mönster, men här styrs utbudet av droppoolen. Så länge ett case finns i den aktiva poolen droppar det regelbundet och priset hålls nere. När det flyttas till den sällsynta poolen minskar tillförseln kraftigt, och priset brukar då reagera. Eftersom sådana förändringar sällan förvarnas kommer prisrörelserna ofta snabbt.</p>

<h2>Vad betyder det för dig?</h2>
<p>Om du har kapslar eller case som du inte tänker öppna finns det några saker att fundera på:</p>
<ol>
<li><strong>Tidshorisont:</strong> vill du ha pengarna nu eller kan du vänta? Den som väntar tar också en risk.</li>
<li><strong>Likviditet:</strong> ju mer ovanligt föremålet är, desto färre köpare finns det vid varje given tidpunkt.</li>
<li><strong>Sprid riskerna:</strong> att ha allt i en enda kapsel gör dig sårbar om just den inte utvecklas som du hoppats.</li>
</ol>

<blockquote><p>Det finns ingen garanti för att historiska mönster upprepas. Sälj hellre när priset känns rätt för dig än att jaga den absoluta toppen.</p></blockquote>

<h2>Sälja i större mängd?</h2>
<p>Har du samlat på dig många kapslar eller case kan du sälja dem i ett paket. Vi värderar stora inventories inom cirka 30 minuter och ger en paketbonus på 2–5 % vid större affärer. Priserna bygger på aktuell marknadsdata och vi tar ingen avgift. Läs mer på <a href="/salja-skins">Sälj skins</a> eller hör av dig i chatten.</p>
`,
  },

  // -------------------------------------------------------------------------
  {
    slug: "swish-bank-eller-krypto-utbetalning",
    title: "Swish, bank eller krypto? Så väljer du rätt utbetalning",
    excerpt:
      "Swish, banköverföring eller krypto? Vi jämför för- och nackdelar så att du kan välja rätt.",
    categories: ["Trading", "Guides"],
    tags: ["Swish", "utbetalning", "krypto", "bank", "sälja skins"],
    is_pinned: false,
    view_count: 356,
    status: "published",
    published_at: new Date("2026-04-15T06:30:00Z"),
    author_name: "Elin Bergström",
    featured_image_url: image("swish-bank-eller-krypto-utbetalning"),
    alt_text:
      "Abstrakt illustration med tre sammanlänkade orange cirklar på mörkblå bakgrund och texten Swish, bank eller krypto",
    meta_title: "Swish, bank eller krypto? Välj utbetalning | Skinhamnen",
    meta_description:
      "Jämför utbetalning via Swish, banköverföring och krypto när du säljer CS2-skins: hur snabbt det går, vad du behöver och vad du ska dubbelkolla.",
    content: `
<p>När du har sålt dina skins återstår en sista fråga: hur vill du få betalt? Hos oss kan du välja mellan Swish, banköverföring och krypto. Alla tre fungerar bra, men de passar olika situationer. Här jämför vi alternativen så att du kan välja det som passar dig bäst.</p>

<h2>Snabb jämförelse</h2>
<table>
<thead>
<tr><th></th><th>Swish</th><th>Bank</th><th>Krypto</th></tr>
</thead>
<tbody>
<tr><td>Utbetalning</td><td>Senast nästa bankdag efter Trade Protection</td><td>Senast nästa bankdag efter Trade Protection</td><td>Senast nästa bankdag efter Trade Protection</td></tr>
<tr><td>Avgift från oss</td><td>0 %</td><td>0 %</td><td>0 %</td></tr>
<tr><td>Du behöver</td><td>Mobilnummer kopplat till Swish</td><td>Clearing- och kontonummer</td><td>En plånboksadress</td></tr>
<tr><td>Passar bäst för</td><td>De flesta affärer</td><td>Större belopp, den som inte har Swish</td><td>Den som redan använder krypto</td></tr>
</tbody>
</table>

<h2>Swish – det snabbaste alternativet</h2>
<p>För de flesta av våra kunder är Swish det självklara valet. Pengarna landar direkt på ditt Swish-konto när vi betalar ut, och allt du behöver är ett mobilnummer som är kopplat till Swish. Det är smidigt, välbekant och du ser direkt i appen när betalningen har kommit in.</p>
<p>Tänk på att din bank kan ha egna gränser för hur mycket du får ta emot via Swish. Säljer du för ett större belopp kan det vara bra att kolla vad som gäller för just ditt konto.</p>

<h2>Banköverföring – tryggt för större summor</h2>
<p>En banköverföring kan ta längre tid att synas på kontot än Swish, men det är ett bra alternativ om du säljer för större belopp eller helt enkelt föredrar att pengarna går direkt till ett visst konto. Kom ihåg att överföringar som görs nära en helg eller helgdag kan landa först nästa bankdag.</p>
<p>Dubbelkolla clearingnumret och kontonumret innan du skickar uppgifterna. En felskriven siffra är det vanligaste skälet till att en överföring dröjer.</p>

<h2>Krypto – för den som redan är van</h2>
<p>Utbetalning i krypto syns när transaktionen har bekräftats i nätverket. Det passar dig som redan har en plånbok och vet hur den fungerar. Men här gäller det att vara extra noggrann:</p>
<ul>
<li><strong>Kontrollera adressen tecken för tecken</strong>, eller åtminstone början och slutet. Kopiera aldrig en adress från ett meddelande du inte litar på.</li>
<li><strong>Välj rätt nätverk.</strong> Samma valuta kan finnas på flera nätverk, och pengar som skickas till fel nätverk kan vara omöjliga att få tillbaka.</li>
<li><strong>En transaktion kan inte ångras.</strong> Till skillnad från en banköverföring finns ingen bank som kan stoppa eller backa betalningen.</li>
</ul>
<p>Tänk också på att kryptovalutors värde kan svänga kraftigt. Vad din utbetalning är värd i kronor några dagar senare kan se helt annorlunda ut än när den kom in.</p>

<h2>Gäller samma regler för alla?</h2>
<p>Ja. Oavsett utbetalningssätt tar vi ingen avgift, och affärer över 1 000 kr granskas manuellt innan de betalas ut. Det är en säkerhetsåtgärd, och den gäller lika för alla tre alternativen. Poäng och XP beräknas på affärens värde, så ditt val av utbetalning påverkar inte hur mycket du tjänar in till poängbutiken eller VIP-stegen.</p>

<h2>Vårt tips</h2>
<ol>
<li>Välj <strong>Swish</strong> om du vill ha pengarna direkt och beloppet ryms inom din banks gränser.</li>
<li>Välj <strong>bank</strong> om du säljer för en större summa och kan vänta ett par dagar.</li>
<li>Välj <strong>krypto</strong> bara om du är van vid plånböcker och nätverk.</li>
</ol>

<blockquote><p>Oavsett vilket du väljer: spara bekräftelsen på utbetalningen tillsammans med chattkonversationen. Det gör det enkelt att reda ut eventuella frågor i efterhand.</p></blockquote>

<p>Vill du veta mer om hela försäljningsprocessen? Läs vår guide om hur du <a href="/blog/salja-cs2-skins-sakert">säljer CS2-skins säkert</a> eller gå direkt till <a href="/salja-skins">Sälj skins</a>.</p>
`,
  },

  // -------------------------------------------------------------------------
  {
    slug: "upptack-bedragerier-och-api-nyckel-phishing",
    title: "Så upptäcker du bedrägerier och API-nyckel-phishing",
    excerpt:
      "Falska inloggningssidor, kapade API-nycklar och påhittade admins. Lär dig känna igen de vanligaste bedrägerierna innan de kostar dig ditt inventory.",
    categories: ["Guides", "Trading"],
    tags: ["säkerhet", "phishing", "API-nyckel", "scam", "Steam"],
    is_pinned: false,
    view_count: 41,
    status: "published",
    published_at: new Date("2026-10-14T08:00:00Z"),
    author_name: "Johan Lindqvist",
    featured_image_url: image("upptack-bedragerier-och-api-nyckel-phishing"),
    alt_text:
      "Abstrakt illustration med ett förstoringsglas över ett nyckelmönster i orange på mörkblå bakgrund och texten Se upp för bedrägerier",
    meta_title: "Upptäck bedrägerier och API-nyckel-phishing | Skinhamnen",
    meta_description:
      "Så fungerar API-nyckel-phishing, falska inloggningssidor och påhittade admins – och så skyddar du ditt Steam-konto och dina CS2-skins.",
    content: `
<p>Där det finns värdefulla föremål finns det tyvärr också bedragare. De flesta bedrägerier inom skinhandeln bygger inte på avancerad teknik utan på stress, förtroende och ett ögonblicks ouppmärksamhet. Den goda nyheten är att de går att känna igen. Här går vi igenom de vanligaste uppläggen och hur du skyddar dig.</p>

<h2>API-nyckel-phishing: det osynliga bedrägeriet</h2>
<p>Det här är ett av de mest lömska uppläggen, eftersom det kan pågå utan att du märker något. Så här går det oftast till:</p>
<ol>
<li>Du lockas till en sida som ser ut som en vanlig inloggning, till exempel via en länk till en "turnering", en giveaway eller en förfrågan om att rösta på någons lag.</li>
<li>När du loggar in får bedragaren tillgång till ditt konto och skapar en så kallad Web API-nyckel i ditt namn.</li>
<li>Med nyckeln kan bedragaren se dina trade-erbjudanden. När du gör en riktig affär avbryts den och ersätts direkt av ett nytt erbjudande från ett konto som har samma namn och profilbild som din motpart.</li>
<li>Du bekräftar i mobilappen i tron att allt är som vanligt – och föremålen hamnar hos bedragaren.</li>
</ol>

<h3>Så kontrollerar du din API-nyckel</h3>
<p>Gå till <a href="https://steamcommunity.com/dev/apikey">steamcommunity.com/dev/apikey</a> medan du är inloggad. Om det finns en nyckel registrerad som du inte själv har skapat ska du:</p>
<ul>
<li>återkalla nyckeln direkt,</li>
<li>byta lösenord till ditt Steam-konto,</li>
<li>logga ut alla andra enheter via inställningarna för Steam Guard,</li>
<li>se över din trade-historik och avbryta erbjudanden du inte känner igen.</li>
</ul>
<p>Har du aldrig skapat en API-nyckel ska sidan inte visa någon nyckel alls.</p>

<h2>Falska inloggningsfönster</h2>
<p>Vissa bedrägerisidor visar en popup som ser exakt ut som ett riktigt inloggningsfönster, inklusive en adressrad. Men adressraden är bara en bild. Ett enkelt test är att försöka dra fönstret utanför webbläsaren: ett äkta fönster går att flytta, ett falskt gör det inte. Kontrollera alltid att du faktiskt befinner dig på <strong>https://steamcommunity.com</strong> innan du skriver in dina uppgifter.</p>

<h2>Påhittade admins och "supportpersonal"</h2>
<p>Ett annat vanligt upplägg är att någon kontaktar dig på Discord eller via en vänförfrågan och påstår sig vara från en tradingsajt – kanske till och med från oss. De kan säga att din affär har fastnat, att ditt konto behöver verifieras eller att du har vunnit något. Målet är alltid att få dig att skicka föremål, logga in på en länk eller lämna ut koder.</p>
<p>Kom ihåg:</p>
<ul>
<li>Vi ber aldrig om ditt lösenord eller dina Steam Guard-koder.</li>
<li>Vi tar inte kontakt med dig på eget initiativ för att be dig skicka föremål.</li>
<li>Officiell kontakt sker via livechatten på vår webbplats eller via e-post till support@skinhamnen.se.</li>
</ul>

<h2>Falska betalningsbevis</h2>
<p>Säljer du direkt till privatpersoner kan du råka ut för en köpare som visar en skärmdump av en Swish-betalning som aldrig har gjorts. Lita bara på det du själv ser i din egen bank- eller Swish-app, aldrig på en bild som någon skickar till dig.</p>

<h2>Varningssignaler att lära sig</h2>
<table>
<thead>
<tr><th>Signal</th><th>Vad du bör göra</th></tr>
</thead>
<tbody>
<tr><td>Någon skyndar på dig</td><td>Ta en paus och kontrollera i lugn och ro</td></tr>
<tr><td>Ett erbjudande är för bra för att vara sant</td><td>Utgå från att det inte är sant</td></tr>
<tr><td>Du ombeds logga in via en länk i en chatt</td><td>Gå i stället direkt till sidan själv</td></tr>
<tr><td>Motpartens konto är nytt eller har låg nivå</td><td>Jämför med profilen du först pratade med</td></tr>
<tr><td>En affär avbryts och ersätts av en ny</td><td>Kontrollera din API-nyckel innan du bekräftar</td></tr>
</tbody>
</table>

<h2>Om olyckan redan är framme</h2>
<p>Har du blivit lurad gäller det att agera snabbt. Säkra kontot genom att byta lösenord och logga ut alla enheter, kontrollera API-nyckeln och kontakta Steams support via <a href="https://help.steampowered.com">help.steampowered.com</a>. Tack vare Trade Protection kan du ibland återkalla en trade inom sju dagar – läs mer i vår artikel om <a href="/blog/trade-protection-och-utbetalningar">Trade Protection</a>.</p>

<blockquote><p>Den bästa säkerhetsåtgärden är gratis: ta tio extra sekunder och läs bekräftelsen i mobilappen innan du trycker på knappen.</p></blockquote>

<p>Är du osäker på om ett meddelande verkligen kommer från oss? Fråga i vår livechatt, som är öppen 09:00–22:00 alla dagar. Vi kollar hellre en gång för mycket än en gång för lite.</p>
`,
  },
];
