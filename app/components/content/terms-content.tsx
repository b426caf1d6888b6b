/**
 * The terms of use (/anvandarvillkor), section by section; the page lays them out.
 */
import { Link } from "react-router";
import type { LegalSection } from "~/components/content/legal-page";
import { COMPANY } from "~/lib/company";
import { LEVELS, POINTS_VALUE } from "~/modules/loyalty/loyalty-constants";
import { MARKETING } from "~/modules/marketing/marketing-constants";
import { REFERRAL } from "~/modules/referrals/referrals-constants";
import { PAYOUT_LABELS, PAYOUT_METHODS } from "~/modules/selling/selling-constants";
import { BULK_BONUS_CLAIM, PAYOUT_CLAIMS } from "~/modules/marketing/claims";
import { TRADE_PROTECTION_DAYS } from "~/modules/trades/trades-constants";
import { listPaymentMethods } from "~/modules/marketing/claims";
import { ARN } from "~/modules/legal/legal";
import { formatNumber } from "~/lib/format";

/** Minimum age to trade with us. */
const MINIMUM_AGE = 18;

export function termsSections({ siteName, supportEmail }: { siteName: string; supportEmail: string }): LegalSection[] {
  const vipLevels = LEVELS.filter((level) => level.saleBonusPercent > 0);
  return [
    {
      id: "om-villkoren",
      title: "Om oss och villkoren",
      body: (
        <>
          <p>
            {siteName} drivs av ett svenskt aktiebolag i {COMPANY.city} (”vi”, ”oss”). Villkoren gäller
            mellan oss och dig som använder webbplatsen, skapar ett konto eller säljer eller köper skins
            hos oss. Genom att skapa ett konto eller genomföra en affär godkänner du villkoren.
          </p>
          <p>{COMPANY.publisherDisclaimer}</p>
        </>
      ),
    },
    {
      id: "vem-far-anvanda",
      title: "Vem får använda tjänsten",
      body: (
        <ul>
          <li>Du måste vara minst {MINIMUM_AGE} år för att sälja eller köpa skins hos oss.</li>
          <li>
            Du måste själv äga föremålen du säljer och ha rätt att överlåta dem. Steam-kontot ska vara
            ditt eget.
          </li>
          <li>
            Du måste ha Steam Guard Mobile Authenticator aktiverat för att kunna skicka och ta emot trades.
          </li>
          <li>Utbetalningar görs bara till ett konto, nummer eller en plånbok som tillhör dig.</li>
        </ul>
      ),
    },
    {
      id: "konto",
      title: "Ditt konto",
      body: (
        <>
          <p>
            Du ansvarar för att uppgifterna i ditt konto är korrekta, att ditt lösenord hålls hemligt och
            för det som görs via kontot. Varje person får ha ett konto. Misstänker du att någon annan har
            kommit åt ditt konto ska du genast byta lösenord och kontakta oss.
          </p>
          <p>
            Du kan när som helst avsluta ditt konto genom att kontakta oss. Vi får stänga eller spärra ett
            konto som används i strid med villkoren; intjänade poäng förfaller då.
          </p>
        </>
      ),
    },
    {
      id: "salja",
      title: "Sälja skins till oss",
      body: (
        <>
          <ol>
            <li>Du berättar vilka föremål du vill sälja, i livechatten eller via webbplatsen.</li>
            <li>Vi lämnar ett bud. Budet gäller de föremål, den slitagegrad och de stickers vi värderat.</li>
            <li>Godkänner du budet skickar du föremålen med ett trade-erbjudande på Steam.</li>
            <li>
              Köpet är genomfört när vi har tagit emot föremålen och skyddsperioden enligt avsnitt 7 har
              löpt ut utan att traden återförts. Då betalar vi ut pengarna.
            </li>
          </ol>
          <p>
            Skiljer sig ett mottaget föremål från det vi värderat får du ett nytt bud. Säger du nej skickar
            vi tillbaka föremålet. Du ansvarar för att föremålen inte är stulna, köpta med stulna
            betalmedel eller på annat sätt belastade.
          </p>
        </>
      ),
    },
    {
      id: "priser",
      title: "Priser och bud",
      body: (
        <>
          <p>
            Våra bud bygger på aktuell marknadsdata och kan ändras när marknaden rör sig. Ett bud är
            bindande för oss när du har godkänt det och skickat föremålen inom den tid vi angett i
            chatten.
          </p>
          <ul>
            <li>
              Vi tar ingen avgift. Beloppet du godkänner är beloppet du får.
            </li>
            <li>
              Säljer du för mer på en gång får du bulkbonus på försäljningens belopp: {BULK_BONUS_CLAIM}.
            </li>
            <li>
              VIP-nivåerna ger extra betalt på försäljningar:{" "}
              {vipLevels.map((level) => `${level.name} +${level.saleBonusPercent}%`).join(", ")}.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: "utbetalning",
      title: "Utbetalning",
      body: (
        <>
          <p>Du väljer utbetalningsmetod. När utbetalningen har startat tar den normalt:</p>
          <ul>
            {PAYOUT_METHODS.map((method) => (
              <li key={method}>
                <strong>{PAYOUT_LABELS[method]}:</strong> {PAYOUT_CLAIMS[method]}
              </li>
            ))}
          </ul>
          <p>
            Utbetalningen startar när skyddsperioden på {TRADE_PROTECTION_DAYS} dagar har löpt ut.
            Affärer över {formatNumber(MARKETING.manualReviewAboveSek)} kr granskas manuellt först. Vi får skjuta
            upp en utbetalning om vi misstänker bedrägeri, penningtvätt eller att kontot är kapat, och
            begära att du styrker din identitet. Lämnar du felaktiga utbetalningsuppgifter ansvarar vi
            inte för en utbetalning som görs enligt dem.
          </p>
        </>
      ),
    },
    {
      id: "trade-protection",
      title: "Återförda trades och Trade Protection",
      body: (
        <>
          <p>
            Valves Trade Protection gör det möjligt för avsändaren att återföra en CS2-trade i{" "}
            {TRADE_PROTECTION_DAYS} dagar. Därför betalar vi ut först när perioden är slut. Läs mer på
            sidan om <Link to="/trade-protection">Trade Protection</Link>.
          </p>
          <ul>
            <li>Återför du en trade under perioden är affären hävd och ingen utbetalning görs.</li>
            <li>
              Har en utbetalning ändå gjorts för föremål som sedan återförs ska du betala tillbaka beloppet
              direkt. Vi får kvitta beloppet mot framtida utbetalningar och poäng.
            </li>
            <li>
              Återförda trades i bedrägligt syfte polisanmäls, och kontot stängs.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: "kopa",
      title: "Köpa skins av oss",
      body: (
        <>
          <p>
            Tills köp direkt på webbplatsen lanseras gör vi upp köp i livechatten. Du kan betala med{" "}
            {listPaymentMethods()}. Efter betald order skickar vi föremålen till din trade-länk så snart
            din handläggare har sett betalningen. Steam Guard krävs för att ta emot dem.
          </p>
          <p>
            Skins är digitalt innehåll som inte levereras på ett fysiskt medium. När leveransen har
            påbörjats med ditt uttryckliga samtycke gäller därför inte ångerrätten enligt lagen om
            distansavtal. Dina rättigheter vid fel i leveransen påverkas inte.
          </p>
        </>
      ),
    },
    {
      id: "forbjudet",
      title: "Förbjuden användning",
      body: (
        <>
          <p>Du får inte:</p>
          <ul>
            <li>sälja föremål som är stulna, kapade eller köpta med stulna betalmedel,</li>
            <li>använda tjänsten för penningtvätt eller för att kringgå sanktioner,</li>
            <li>utge dig för att vara någon annan eller ha flera konton,</li>
            <li>
              missbruka värvnings- eller poängprogrammet, till exempel genom att värva dig själv eller
              använda falska konton,
            </li>
            <li>göra obefogade återbetalningskrav (chargeback) på betalningar,</li>
            <li>störa tjänsten med robotar, automatiserade anrop eller intrångsförsök.</li>
          </ul>
          <p>
            Vid överträdelse får vi stoppa pågående affärer, stänga kontot, ta bort intjänade poäng och
            anmäla misstänkta brott.
          </p>
        </>
      ),
    },
    {
      id: "poang",
      title: "Poäng, XP, VIP och Point Shop",
      body: (
        <>
          <p>
            Som inloggad tjänar du poäng och XP på dina affärer. XP avgör din VIP-nivå ({LEVELS.map((level) => level.name).join(", ")}) och poängen kan lösas in mot belöningar i{" "}
            <Link to="/point-shop">Point Shop</Link>. Hur du tjänar poäng och XP beskrivs på sidorna om{" "}
            <Link to="/point-system">poängsystemet</Link> och <Link to="/xp-system">XP och VIP</Link>.
          </p>
          <ul>
            <li>
              <strong>Poäng har inget kontantvärde.</strong> De kan inte växlas in mot pengar, säljas
              eller överföras till någon annan. Riktvärdet {formatNumber(POINTS_VALUE.points)} poäng ≈{" "}
              {formatNumber(POINTS_VALUE.sek)} kr beskriver vad belöningarna är värda, inte ett inlösenpris.
            </li>
            <li>En beställning i Point Shop är bindande när poängen har dragits och hanteras av oss.</li>
            <li>Poäng eller XP som tjänats in genom fel eller missbruk får vi ta bort.</li>
            <li>
              Vi får ändra programmet, nivåerna och belöningarna. Större ändringar meddelar vi i förväg,
              och redan intjänade poäng påverkas inte retroaktivt.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: "varvning",
      title: "Värvningsprogrammet",
      body: (
        <ul>
          <li>
            När en vän registrerar sig med din kod får du {formatNumber(REFERRAL.referrerReward)} poäng och vännen{" "}
            {formatNumber(REFERRAL.friendReward)} poäng.
          </li>
          <li>
            När vännen har handlat för sammanlagt {formatNumber(REFERRAL.milestoneTradedSek)} kr får du en bonus på{" "}
            {formatNumber(REFERRAL.milestoneReward)} poäng – en gång per vän.
          </li>
          <li>
            En kod består av {REFERRAL.codeMinLength}–{REFERRAL.codeMaxLength} tecken (A–Z och 0–9). Varje
            användare kan bara ange en kod, en gång, och aldrig sin egen.
          </li>
          <li>
            Influencers och partner kan ha egna koder. Koder får inte spridas genom skräppost eller
            vilseledande reklam.
          </li>
        </ul>
      ),
    },
    {
      id: "ansvar",
      title: "Ansvar",
      body: (
        <>
          <p>
            Vi ansvarar för att tjänsten levereras fackmässigt. Vi ansvarar inte för förluster som beror på
            Steams eller Valves tjänster, spärrar eller regeländringar, på att marknadspriser ändras, på
            felaktiga uppgifter du lämnat eller på händelser utanför vår kontroll (force majeure). Vårt
            ansvar omfattar inte indirekta skador såsom utebliven vinst, så långt lagen tillåter.
          </p>
          <p>Ingenting i villkoren begränsar dina rättigheter som konsument enligt tvingande lag.</p>
        </>
      ),
    },
    {
      id: "andringar",
      title: "Ändringar av villkoren",
      body: (
        <p>
          Vi kan uppdatera villkoren. Väsentliga ändringar meddelar vi via e-post eller på webbplatsen
          minst 30 dagar innan de börjar gälla. Pågående affärer följer alltid de villkor som gällde när
          affären ingicks.
        </p>
      ),
    },
    {
      id: "tvister",
      title: "Tillämplig lag och tvister",
      body: (
        <>
          <p>
            Svensk lag gäller för villkoren. Kontakta oss först om du är missnöjd – de flesta frågor löser
            vi snabbt i chatten eller via <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
          </p>
          <p>
            Är du konsument och vi inte kommer överens kan du vända dig till {ARN.name},{" "}
            <a href={ARN.url} target="_blank" rel="noopener noreferrer">
              {ARN.host}
            </a>
            . Vi följer nämndens rekommendationer. Tvister kan också prövas av allmän domstol.
          </p>
        </>
      ),
    },
  ];
}
