/** Dutch notification e-mail texts ("alerts") and static texts; admins edit them later. */
export const ALERTS = [
  {
    ref: "resetting_password",
    title: "Wachtwoord vergeten",
    description: "Verstuurd wanneer iemand een nieuw wachtwoord aanvraagt. Beschikbaar: {{name}}, {{link}}.",
    subject: "Nieuw wachtwoord instellen voor het Ledenportaal",
    body:
      "<p>Beste {{name}},</p><p>U heeft gevraagd om een nieuw wachtwoord. Via de onderstaande link stelt u een nieuw wachtwoord in. De link is één uur geldig.</p>" +
      '<p><a href="{{link}}">{{link}}</a></p><p>Heeft u dit niet aangevraagd? Dan kunt u deze e-mail negeren.</p>',
  },
  {
    ref: "registration_confirmation",
    title: "Account activeren",
    description: "Verstuurd wanneer een account is aangemaakt. Beschikbaar: {{name}}, {{email}}, {{link}}.",
    subject: "Activeer uw account voor het Ledenportaal",
    body:
      "<p>Beste {{name}},</p><p>Er is een account voor u aangemaakt met het e-mailadres {{email}}. Via de onderstaande link kiest u een wachtwoord en activeert u uw account.</p>" +
      '<p><a href="{{link}}">{{link}}</a></p>',
  },
  {
    ref: "mfa_email_code",
    title: "Inlogcode",
    description: "De code voor de tweede stap van het inloggen. Beschikbaar: {{code}}.",
    subject: "Uw inlogcode voor het Ledenportaal",
    body: "<p>Uw inlogcode is:</p><p><strong>{{code}}</strong></p><p>De code is tien minuten geldig.</p>",
  },
  {
    ref: "email_change_confirmation",
    title: "Nieuw e-mailadres bevestigen",
    description: "Verstuurd naar het nieuwe adres wanneer iemand zijn e-mailadres wijzigt. Beschikbaar: {{name}}, {{email}} (het nieuwe adres), {{link}}.",
    subject: "Bevestig uw nieuwe e-mailadres voor het Ledenportaal",
    body:
      "<p>Beste {{name}},</p><p>U wilt voortaan inloggen met het e-mailadres {{email}}. Via de onderstaande link bevestigt u dat dit adres van u is. De link is 24 uur geldig; tot dan blijft uw oude adres in gebruik.</p>" +
      '<p><a href="{{link}}">{{link}}</a></p><p>Heeft u dit niet aangevraagd? Dan kunt u deze e-mail negeren.</p>',
  },
  {
    ref: "email_changed_notice",
    title: "E-mailadres gewijzigd (melding aan het oude adres)",
    description: "Verstuurd naar het oude adres wanneer een wijziging van het e-mailadres is aangevraagd of doorgevoerd. Beschikbaar: {{name}}, {{email}} (het nieuwe adres).",
    subject: "Het e-mailadres van uw account in het Ledenportaal wordt gewijzigd",
    body:
      "<p>Beste {{name}},</p><p>Voor uw account in het Ledenportaal is het e-mailadres {{email}} opgegeven. Na bevestiging logt u daarmee in en komen e-mails van het portaal daar aan.</p>" +
      "<p>Heeft u dit niet zelf gedaan? Neem dan direct contact op met de vereniging.</p>",
  },
  {
    ref: "password_changed_notice",
    title: "Wachtwoord gewijzigd",
    description: "Verstuurd wanneer iemand op Mijn gegevens zijn wachtwoord wijzigt. Beschikbaar: {{name}}.",
    subject: "Uw wachtwoord voor het Ledenportaal is gewijzigd",
    body:
      "<p>Beste {{name}},</p><p>Het wachtwoord van uw account in het Ledenportaal is zojuist gewijzigd. Op andere apparaten bent u uitgelogd.</p>" +
      "<p>Heeft u dit niet zelf gedaan? Vraag dan direct een nieuw wachtwoord aan via 'Wachtwoord vergeten?' en neem contact op met de vereniging.</p>",
  },
  {
    ref: "second_factor_changed_notice",
    title: "Tweestapsverificatie gewijzigd",
    description: "Verstuurd wanneer iemand de tweestapsverificatie van zijn account wijzigt. Beschikbaar: {{name}}, {{setting}}.",
    subject: "De tweestapsverificatie van uw account is gewijzigd",
    body:
      "<p>Beste {{name}},</p><p>De tweestapsverificatie van uw account in het Ledenportaal staat nu op: <strong>{{setting}}</strong>. Op andere apparaten bent u uitgelogd.</p>" +
      "<p>Heeft u dit niet zelf gedaan? Neem dan direct contact op met de vereniging.</p>",
  },
  {
    ref: "campaign_nld_application",
    title: "Aanmelding scholingscampagne Nederland Leert Door",
    description:
      "Verstuurd aan een deelnemer die een vestiging heeft aangemeld voor de scholingscampagne. Beschikbaar: {{enterprise}}, {{course}}, {{trainer}}, {{dateLocation}}, {{link}}.",
    subject: "Uw aanmelding voor de scholingscampagne Nederland Leert Door",
    body:
      "<p>Beste deelnemer,</p><p>{{enterprise}} heeft u aangemeld voor de scholingscampagne Nederland Leert Door:</p>" +
      "<p>Opleiding: {{course}}<br>Opleider: {{trainer}}<br>Datum en locatie: {{dateLocation}}</p>" +
      "<p>Via de onderstaande persoonlijke link vult u uw gegevens aan en rondt u de aanmelding af.</p>" +
      '<p><a href="{{link}}">{{link}}</a></p><p>Deze link is persoonlijk; stuur hem niet door.</p>',
  },
  {
    ref: "employment_invitation",
    title: "Uitnodiging van een vestiging",
    description:
      "Verstuurd aan een FITNED.NL-professional die een vestiging op tab Professionals uitnodigt, als de vestiging kiest voor een e-mail. Beschikbaar: {{name}} (de professional), {{enterprise}} (de vestiging), {{link}} (de pagina Mijn FITNED.NL, tab Sportcentra).",
    subject: "Uitnodiging van {{enterprise}} in het Ledenportaal",
    body:
      "<p>Beste {{name}},</p><p>{{enterprise}} heeft u uitgenodigd om als FITNED.NL-professional aan deze vestiging gekoppeld te worden.</p>" +
      "<p>Log in op het Ledenportaal en kies op uw pagina Mijn FITNED.NL, tab Sportcentra, of u de uitnodiging accepteert of afwijst:</p>" +
      '<p><a href="{{link}}">{{link}}</a></p><p>Kent u deze vestiging niet? Dan kunt u de uitnodiging afwijzen of deze e-mail negeren.</p>',
  },
];

export const TEXTS = [
  {
    ref: "home_welcome",
    name: "Welkomstpaneel (niet ingelogd)",
    content:
      "<p>Welkom op het ledenportaal van de branchevereniging voor sport en fitness. Leden beheren hier hun lidmaatschap en vestigingen; professionals hun inschrijving in het FITNED.NL-register.</p>",
  },
  {
    ref: "home_intro",
    name: "Introductie dashboard",
    content: "<p>Via het menu beheert u uw gegevens. Heeft u vragen? Kijk dan op de helppagina of neem contact op met de vereniging.</p>",
  },
  {
    ref: "home_intro_associate",
    name: "Introductie dashboard (niet-leden)",
    content:
      "<p>U maakt gebruik van het portaal als niet-lid. Interesse in een volwaardig lidmaatschap? Neem contact op met de vereniging.</p>",
  },
  {
    ref: "register_registrant_intro",
    name: "Registratie FITNED.NL: introductie",
    content:
      "<p>Met deze registratie meldt u zich aan voor het FITNED.NL-register van fitnessprofessionals. U ontvangt een e-mail om uw account te activeren; daarna beoordeelt de vereniging uw aanmelding.</p>",
  },
  {
    ref: "register_registrant_done",
    name: "Registratie FITNED.NL: bedankt",
    content:
      "<p>U ontvangt binnen enkele minuten een e-mail met een link om uw account te activeren. Na de activering beoordeelt de vereniging uw aanmelding voor het FITNED.NL-register.</p><p>Geen e-mail ontvangen? Kijk dan ook in de map met ongewenste e-mail.</p>",
  },
  {
    ref: "register_associate_done",
    name: "Registratie niet-leden: bedankt",
    content:
      "<p>U ontvangt binnen enkele minuten een e-mail met een link om uw account te activeren. De vereniging beoordeelt uw aanmelding voor het proeflidmaatschap en neemt zo nodig contact met u op.</p>",
  },
  {
    ref: "register_associate_terms",
    name: "Registratie niet-leden: voorwaarden proeflidmaatschap",
    content:
      "<p>Bent u nog geen lid van de vereniging? Met een tijdelijk proeflidmaatschap maakt u kennis met het ledenportaal en de diensten van de vereniging.</p><p>Het proeflidmaatschap loopt tot en met 31 december 2027 en kost € 275,00 excl. btw per vestiging. Na afloop kunt u kiezen voor een volwaardig lidmaatschap.</p>",
  },
  { ref: "page_help", name: "Helppagina", content: "<p>Hier vindt u binnenkort antwoorden op veelgestelde vragen.</p>" },
  {
    ref: "page_documents_unauthorised",
    name: "Downloads (geen toegang)",
    content: "<p>De downloads zijn alleen beschikbaar voor leden met een vestiging.</p>",
  },
];

/**
 * The assets the portal links to by ref (the registration forms' terms and privacy statement). The
 * rows exist everywhere; an admin uploads their files (Beheer > Assets).
 */
export const ASSETS = [
  { ref: "terms_and_conditions", name: "Algemene voorwaarden" },
  { ref: "privacy_statement", name: "Privacyverklaring" },
];
