/**
 * The privacy policy (/integritetspolicy), section by section; the page lays them out.
 */
import { Link } from "react-router";
import type { LegalSection } from "~/components/content/legal-page";
import { COMPANY } from "~/lib/company";
import { CONTACT } from "~/modules/contact/contact-constants";
import { MARKETING } from "~/modules/marketing/marketing-constants";
import { NEWSLETTER_OPT_IN } from "~/modules/newsletter/newsletter-constants";
import { IMY, RETENTION } from "~/modules/legal/legal";
import { DATA_EXPORT } from "~/modules/accounts/data-export-constants";
import { ACCOUNT_DELETION_ERASED, ACCOUNT_DELETION_KEPT, ACCOUNT_DELETION_KEPT_REASON } from "~/modules/accounts/account-deletion";
import { formatNumber } from "~/lib/format";


interface Purpose {
  title: string;
  data: string;
  basis: string;
}

const PURPOSES: Purpose[] = [
  {
    title: "Skapa och administrera ditt konto",
    data: "Namn, e-postadress, lösenord (lagras bara som hash), telefonnummer, trade-länk, Steam-id och profilbild.",
    basis: "Avtal (artikel 6.1 b GDPR) – vi behöver uppgifterna för att ge dig ett konto enligt användarvillkoren.",
  },
  {
    title: "Genomföra köp och försäljningar och betala ut pengar",
    data: "Affärens typ, belopp, status och utbetalningsmetod, utbetalningsuppgifter (Swish-nummer, kontonummer eller kryptoadress), trade-länk och Steam-id.",
    basis: "Avtal (artikel 6.1 b GDPR).",
  },
  {
    title: "Bokföring",
    data: "Uppgifter om affärer och utbetalningar som utgör räkenskapsinformation.",
    basis: `Rättslig förpliktelse (artikel 6.1 c GDPR) – bokföringslagen kräver att vi sparar underlaget i ${RETENTION.bookkeepingYears} år.`,
  },
  {
    title: "Förhindra bedrägerier och skydda konton",
    data: `Säkerhetshändelser (inloggning, förnyad session, utloggning) med IP-adress och webbläsarens user agent, aktiva sessioner, tillfälliga räknare för hur många försök som görs och manuell granskning av affärer över ${formatNumber(MARKETING.manualReviewAboveSek)} kr.`,
    basis: "Berättigat intresse (artikel 6.1 f GDPR) – att skydda dig, oss och andra kunder mot kapade konton, bedrägerier och överbelastning.",
  },
  {
    title: "Lojalitetsprogrammet: poäng, XP, VIP-nivåer och Point Shop",
    data: "Poäng- och XP-transaktioner, nivå och beställningar i Point Shop.",
    basis: "Avtal (artikel 6.1 b GDPR) – programmet ingår i användarvillkoren.",
  },
  {
    title: "Värvningar och samarbeten med influencers",
    data: "Din värvningskod, vem som värvade dig, när och utbetalda eller granskade bonusar. Ett saltat hashvärde av IP-adressen du registrerade dig från, så att vi kan upptäcka konton som värvar sig själva. För klick på en influencers länk: ett saltat hashvärde av IP-adress och user agent, hänvisande sida och kampanjparametrar – aldrig IP-adressen i klartext.",
    basis: "Avtal för värvningsbonusar (artikel 6.1 b GDPR); berättigat intresse för att förhindra missbruk av bonusarna, räkna klick och ersätta våra partner (artikel 6.1 f GDPR).",
  },
  {
    title: "Svara på frågor till kundtjänst",
    data: "Namn, e-postadress, telefonnummer (om du anger det), ämne och meddelande från kontaktformuläret, samt det du skriver i livechatten.",
    basis: "Berättigat intresse (artikel 6.1 f GDPR) – att kunna hjälpa dig; avtal när frågan gäller en affär.",
  },
  {
    title: "Nyhetsbrev och lanseringsnotiser",
    data: "E-postadress, telefonnummer för sms om du väljer det, och dina prenumerationsval.",
    basis: "Samtycke (artikel 6.1 a GDPR) – du kan avsluta när som helst.",
  },
  {
    title: "Besöksstatistik och analys",
    data: "Om du godkänt analys: ett slumpat besöks-id, vilka sidor som visas (utan det som står efter ? i adressen), vilken webbplats du kom från (bara domänen), kampanjparametrar (utm), typ av enhet och user agent – aldrig IP-adress och aldrig kopplat till ditt konto. Google Analytics om du godkänt det. För visningar av blogginlägg ett saltat hashvärde i stället för IP-adress. När du sparar dina cookie-val räknas valet i en anonym daglig summa utan något som identifierar dig.",
    basis: "Samtycke (artikel 6.1 a GDPR) för besöksstatistik och analys; berättigat intresse (artikel 6.1 f GDPR) för anonymiserade visningsräknare och anonyma summor av cookie-val som inte sparar något hos dig.",
  },
];

export function privacySections({ siteName, supportEmail }: { siteName: string; supportEmail: string }): LegalSection[] {
  return [
    {
      id: "ansvarig",
      title: "Personuppgiftsansvarig",
      body: (
        <>
          <p>
            {siteName} drivs av ett svenskt aktiebolag med säte i {COMPANY.city}, {COMPANY.countryName}.
            Bolaget är personuppgiftsansvarigt för behandlingen som beskrivs här. Den här policyn gäller
            när du besöker webbplatsen, skapar ett konto, säljer eller köper skins, kontaktar oss eller
            prenumererar på vårt nyhetsbrev.
          </p>
          <p>
            Frågor om dina personuppgifter och begäran om att utöva dina rättigheter skickar du till{" "}
            <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
          </p>
        </>
      ),
    },
    {
      id: "uppgifter",
      title: "Vilka uppgifter vi behandlar",
      body: (
        <>
          <p>Vi samlar bara in det vi behöver. Beroende på hur du använder tjänsten rör det sig om:</p>
          <ul>
            <li>
              <strong>Konto och profil:</strong> för- och efternamn, visningsnamn, e-postadress, lösenord
              (som hash), profilbild och om din e-postadress är bekräftad. Loggar du in med Steam eller
              Google får vi ditt id hos dem, namn och profilbild.
            </li>
            <li>
              <strong>Telefonnummer</strong>, om du lägger till det i profilen eller i kontaktformuläret.
            </li>
            <li>
              <strong>Steam:</strong> din trade-länk och ditt Steam-id, som behövs för att skicka och ta
              emot skins.
            </li>
            <li>
              <strong>Affärer och utbetalningar:</strong> vad du har sålt eller köpt, belopp, status,
              tidpunkter, utbetalningsmetod och utbetalningsuppgifter.
            </li>
            <li>
              <strong>Poäng och XP:</strong> saldo, transaktioner, VIP-nivå och beställningar i Point Shop.
            </li>
            <li>
              <strong>Värvningar:</strong> din värvningskod, vem som värvade dig, ett hashvärde av
              IP-adressen du registrerade dig från och klick på influencerlänkar (som hashvärden, utan
              IP-adress i klartext).
            </li>
            <li>
              <strong>Nyhetsbrev och lanseringsnotiser:</strong> e-postadress, eventuellt telefonnummer och
              dina val.
            </li>
            <li>
              <strong>Kontaktmeddelanden:</strong> det du skickar via kontaktformuläret eller livechatten.
            </li>
            <li>
              <strong>Säkerhetshändelser:</strong> inloggningar, förnyade sessioner och utloggningar med
              IP-adress och user agent.
            </li>
            <li>
              <strong>Besöks- och sidvisningsstatistik:</strong> bara om du godkänt analys – slumpade
              besöks-id, besökta sidor, hänvisande webbplats, kampanjparametrar, typ av enhet och user
              agent – samt hashade identifierare för att räkna visningar av blogginlägg.
            </li>
            <li>
              <strong>Cookies och lokal lagring:</strong> se vår <Link to="/cookie-policy">cookiepolicy</Link>.
            </li>
          </ul>
          <p>
            Vi behandlar inga känsliga personuppgifter och ber dig att inte skicka sådana i meddelanden
            till oss.
          </p>
        </>
      ),
    },
    {
      id: "andamal",
      title: "Varför vi behandlar uppgifterna och med vilken rätt",
      body: (
        <>
          <p>Varje behandling har ett bestämt ändamål och en rättslig grund enligt GDPR:</p>
          {PURPOSES.map((purpose) => (
            <div key={purpose.title}>
              <h3>{purpose.title}</h3>
              <p>
                <strong>Uppgifter:</strong> {purpose.data}
              </p>
              <p>
                <strong>Rättslig grund:</strong> {purpose.basis}
              </p>
            </div>
          ))}
          <p>
            Vi fattar inga beslut som enbart grundar sig på automatiserad behandling och som har
            rättsliga följder för dig. Granskningen av större affärer görs av en människa.
          </p>
        </>
      ),
    },
    {
      id: "lagring",
      title: "Hur länge vi sparar uppgifterna",
      body: (
        <>
          <ul>
            <li>
              <strong>Konto, profil, poäng och XP:</strong> så länge du har ditt konto. Du kan själv radera
              kontot under Min profil; det sker direkt (se <a href="#radera-konto">Radera ditt konto</a>). Ber du
              oss radera det gör vi det inom {RETENTION.accountDeletionDays} dagar, med undantag för det vi måste
              spara enligt lag.
            </li>
            <li>
              <strong>Affärer och utbetalningar:</strong> {RETENTION.bookkeepingYears} år efter utgången
              av det kalenderår då affären gjordes, enligt bokföringslagen.
            </li>
            <li>
              <strong>Kontaktmeddelanden:</strong> {RETENTION.contactMessagesMonths} månader efter att
              ärendet avslutats.
            </li>
            <li>
              <strong>Säkerhetshändelser:</strong> {RETENTION.securityEventsMonths} månader.
            </li>
            <li>
              <strong>Sessioner:</strong> tills du loggar ut eller sessionen löper ut.
            </li>
            <li>
              <strong>Registerutdrag du laddar ner själv:</strong> {DATA_EXPORT.downloadDays} dagar, sedan raderas
              filen.
            </li>
            <li>
              <strong>Räknare för antal försök:</strong> raderas när tidsfönstret har gått ut – för
              kontaktformuläret efter en timme ({CONTACT.rateLimit.limit} meddelanden per timme).
            </li>
            <li>
              <strong>Egen besöksstatistik:</strong> {RETENTION.pageViewsMonths} månader, sedan raderas
              besöken och sidvisningarna automatiskt. Anonyma summor av cookie-val innehåller inga
              personuppgifter och sparas.
              <strong> Google Analytics:</strong> {RETENTION.analyticsMonths} månader.
            </li>
            <li>
              <strong>Nyhetsbrev:</strong> tills du avslutar prenumerationen. En anmälan som inte bekräftas via
              länken i bekräftelsemejlet raderas {NEWSLETTER_OPT_IN.confirmationDays} dagar efter att länken skickades.
            </li>
            <li>
              <strong>Lanseringsnotiser:</strong> tills vi har meddelat dig, dock högst{" "}
              {RETENTION.launchNotificationMonths} månader.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: "radera-konto",
      title: "Radera ditt konto",
      body: (
        <>
          <p>
            Under Min profil kan du radera ditt konto (rätten till radering, artikel 17 GDPR). Du bekräftar med din
            andra faktor eller ditt lösenord, eller – om kontot saknar båda – genom att ha loggat in med Steam eller
            Google inom 10 minuter. Pågående säljordrar måste vara betalda eller avbrutna först. Du loggas ut på alla
            enheter direkt.
          </p>
          <p>Det här raderas:</p>
          <ul>
            {ACCOUNT_DELETION_ERASED.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <p>Det här sparas:</p>
          <ul>
            {ACCOUNT_DELETION_KEPT.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <p>{ACCOUNT_DELETION_KEPT_REASON}</p>
        </>
      ),
    },
    {
      id: "mottagare",
      title: "Vilka vi delar uppgifter med",
      body: (
        <>
          <p>
            Vi säljer aldrig dina personuppgifter. Vi delar dem bara med leverantörer som hjälper oss att
            driva tjänsten, och de får bara använda uppgifterna för vår räkning enligt
            personuppgiftsbiträdesavtal:
          </p>
          <ul>
            <li>
              <strong>Betalningsleverantörer:</strong> banker, Swish och betalpartner för kort, Apple Pay,
              Google Pay och krypto – för att betala ut och ta emot pengar.
            </li>
            <li>
              <strong>E-postleverantör:</strong> för att skicka bekräftelser, lösenordsåterställning,
              svar till kundtjänst och nyhetsbrev.
            </li>
            <li>
              <strong>Drift och hosting:</strong> servrar och databaser där tjänsten körs.
            </li>
            <li>
              <strong>Livechatt:</strong> leverantören av vår chatt får det du skriver i den.
            </li>
            <li>
              <strong>Google:</strong> Google Analytics, men bara om du har godkänt analys.
            </li>
            <li>
              <strong>Valve (Steam):</strong> när du handlar skickas föremålen via Steams tradesystem.
              Valve är självständigt ansvarigt för de uppgifter som behandlas i Steam.
            </li>
            <li>
              <strong>Myndigheter:</strong> till exempel Skatteverket eller Polisen, när lag kräver det
              eller vid misstänkt brott.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: "overforing",
      title: "Överföring utanför EU/EES",
      body: (
        <>
          <p>
            Vi strävar efter att behandla dina uppgifter inom EU/EES. Några leverantörer kan dock föra över
            uppgifter till länder utanför EU/EES, framför allt USA:
          </p>
          <ul>
            <li>
              <strong>Google</strong> (om du godkänt analys) – överföringen sker enligt EU:s och USA:s
              dataskyddsramverk (Data Privacy Framework) och EU-kommissionens standardavtalsklausuler.
            </li>
            <li>
              <strong>Valve</strong> – när du använder Steam gäller Valves egna villkor och
              integritetspolicy.
            </li>
            <li>
              <strong>Övriga leverantörer</strong> utanför EU/EES – bara med ett beslut om adekvat
              skyddsnivå eller standardavtalsklausuler och vid behov kompletterande skyddsåtgärder.
            </li>
          </ul>
          <p>Du kan få en kopia av skyddsåtgärderna genom att kontakta oss.</p>
        </>
      ),
    },
    {
      id: "sakerhet",
      title: "Så skyddar vi uppgifterna",
      body: (
        <p>
          All trafik till webbplatsen är krypterad. Lösenord sparas bara som säkra hashvärden,
          IP-adresser i statistiken hashas med ett hemligt salt, och bara behörig personal kommer åt
          uppgifter om affärer och utbetalningar. Vi begränsar antalet försök vid inloggning och i
          formulär för att stoppa automatiserade attacker.
        </p>
      ),
    },
    {
      id: "rattigheter",
      title: "Dina rättigheter",
      body: (
        <>
          <p>Enligt GDPR har du rätt att:</p>
          <ul>
            <li>
              <strong>få tillgång</strong> till dina uppgifter och en kopia av dem (registerutdrag),
            </li>
            <li>
              <strong>få felaktiga uppgifter rättade</strong>,
            </li>
            <li>
              <strong>få uppgifter raderade</strong> när de inte längre behövs eller om du återkallar ett
              samtycke – utom det vi måste spara enligt lag,
            </li>
            <li>
              <strong>begära begränsning</strong> av behandlingen, till exempel medan vi utreder om en
              uppgift är korrekt,
            </li>
            <li>
              <strong>få ut uppgifter</strong> du har gett oss i ett maskinläsbart format
              (dataportabilitet),
            </li>
            <li>
              <strong>invända</strong> mot behandling som grundar sig på berättigat intresse,
            </li>
            <li>
              <strong>återkalla ditt samtycke</strong> när som helst – för cookies i{" "}
              <Link to="/cookie-policy#andra-val">cookie-inställningarna</Link>, för nyhetsbrev via länken i
              varje utskick eller i din profil.
            </li>
          </ul>
          <p>
            Har du ett konto kan du själv hämta ett registerutdrag: under <strong>Dina uppgifter</strong> på{" "}
            <Link to="/profile#dina-uppgifter">din profil</Link> väljer du <em>Ladda ner mina uppgifter</em> och får
            en ZIP-fil med allt vi har om dig som maskinläsbara JSON-filer. Filen kan bara laddas ner av dig och
            finns kvar i {DATA_EXPORT.downloadDays} dagar.
          </p>
          <p>
            Mejla <a href={`mailto:${supportEmail}`}>{supportEmail}</a> för att utöva dina rättigheter. Vi
            svarar inom en månad och kan behöva bekräfta din identitet innan vi lämnar ut eller ändrar
            något.
          </p>
        </>
      ),
    },
    {
      id: "klagomal",
      title: "Klagomål till Integritetsskyddsmyndigheten",
      body: (
        <p>
          Är du missnöjd med hur vi behandlar dina personuppgifter vill vi gärna att du hör av dig till oss
          först. Du har också alltid rätt att lämna klagomål till {IMY.name}, {IMY.postalAddress},{" "}
          <a href={IMY.url} target="_blank" rel="noopener noreferrer">
            {IMY.host}
          </a>
          .
        </p>
      ),
    },
    {
      id: "andringar",
      title: "Ändringar i policyn",
      body: (
        <p>
          Vi uppdaterar policyn när tjänsten eller lagen ändras. Datumet högst upp visar när den senast
          ändrades. Vid större ändringar meddelar vi dig via e-post eller på webbplatsen innan de börjar
          gälla.
        </p>
      ),
    },
  ];
}
