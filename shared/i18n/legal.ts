/**
 * Public information pages: privacy, terms, GDPR, careers, referral and contact.
 * Loaded only by those pages (web/src/features/legal) so the sign-in bundle stays small.
 * Each page is a title, an intro and ordered sections {h, p}; pages render sections in key order.
 */
export const legal = {
  en: {
    updated: 'Last updated: {{date}}',
    backHome: 'Back to home',
    privacy: {
      title: 'Privacy Policy',
      intro:
        'Sayyara is software that car rental companies use to run their business. This policy explains what information the service stores, why, and what you can do about it.',
      sections: {
        who: {
          h: 'Who is responsible',
          p: 'Each rental company that signs up (a "company account") decides what it records about its own staff and customers and is responsible for that information. Sayyara stores and processes it on the company\'s behalf. If you are a customer of a rental company, contact that company first.',
        },
        what: {
          h: 'What we store',
          p: 'Company details (name, contact details, address, branding, settings). Staff accounts (name, username, email, role, status, last activity); passwords are held by our identity provider and never stored or shown in readable form. Customer records entered by the rental company, including names, contact details, identity documents and driving licences, rental history, payments, deposits, traffic tickets and toll charges. Vehicle records, documents, maintenance and GPS positions when a company enables tracking.',
        },
        why: {
          h: 'Why we store it',
          p: 'Only to provide the service to the rental company: managing vehicles and rentals, issuing contracts and invoices, keeping accounts, sending the reminders the company asks for, and keeping the service secure (for example, an audit log of who changed what).',
        },
        where: {
          h: 'Where it is stored',
          p: "Data is stored with Amazon Web Services (AWS): records in a database, documents and invoices in encrypted file storage, and sign-in credentials in AWS Cognito. Data is encrypted in transit and at rest. Each company's data is kept separate from every other company's data.",
        },
        sharing: {
          h: 'Who we share it with',
          p: 'We do not sell personal information and do not use it for advertising. It is processed by the service providers needed to run Sayyara (AWS for hosting, storage and email). A company may export or share its own records, for example by sending an invoice to its customer.',
        },
        retention: {
          h: 'How long we keep it',
          p: 'Records are kept while the company account is active. Many records are archived rather than deleted so that accounting history stays correct. When a company closes its account, its data is deleted after any period the law requires it to be kept.',
        },
        rights: {
          h: 'Your choices',
          p: "Staff can ask their company's owner or administrator to correct or remove their details. Customers of a rental company can ask that company for access, correction or deletion. To reach us, contact us via the email in your company's account.",
        },
        browser: {
          h: 'Your browser',
          p: "The app keeps your sign-in tokens and display preferences (language, region, theme, recent searches) in your browser's storage so you stay signed in and see the app the way you left it. We use no advertising or tracking cookies.",
        },
      },
    },
    terms: {
      title: 'Terms of Service',
      intro: 'These terms apply when a rental company creates a Sayyara account and when its staff use it.',
      sections: {
        account: {
          h: 'Your company account',
          p: 'The person who signs up does so for their company and confirms they may accept these terms for it. The company is responsible for the people it invites, the roles it gives them and keeping sign-in details private.',
        },
        use: {
          h: 'Acceptable use',
          p: "Use Sayyara only for lawful rental and fleet operations. Do not try to access another company's data, disrupt the service, or upload content you have no right to store, including identity documents collected without the customer's knowledge.",
        },
        data: {
          h: 'Your data',
          p: 'Your company owns the data it enters. We use it only to provide the service, as described in the Privacy Policy. You can export your records while your account is active.',
        },
        money: {
          h: 'Prices, tax and accounting',
          p: 'Sayyara helps calculate rental charges, VAT and accounting entries using the settings you choose. Your company remains responsible for its prices, tax filings and financial statements; check figures with your accountant.',
        },
        ai: {
          h: 'AI features',
          p: 'Suggestions such as maintenance predictions, document reading and insights are aids, not decisions. Review them before acting on them.',
        },
        availability: {
          h: 'Availability and changes',
          p: 'We work to keep the service available and your data safe, but cannot promise it will never be interrupted. We may improve or change features; we will tell account owners about changes that affect them.',
        },
        ending: {
          h: 'Ending the service',
          p: "You may close your account at any time. We may suspend an account that breaks these terms or puts other companies at risk. Questions: contact us via the email in your company's account.",
        },
      },
    },
    gdpr: {
      title: 'GDPR and data protection',
      intro:
        'Some rental companies serve travellers from the European Union. This page explains how Sayyara supports data protection duties under the GDPR and similar laws.',
      sections: {
        roles: {
          h: 'Controller and processor',
          p: "The rental company is the controller of the personal data it records about its staff and customers. Sayyara acts as its processor and handles that data only on the company's instructions.",
        },
        lawful: {
          h: 'Lawful basis',
          p: 'Rental companies typically process customer data to perform the rental contract and to meet legal duties such as tax records and traffic-fine handling. Each company decides and documents its own basis.',
        },
        requests: {
          h: 'Access, correction and deletion',
          p: "Customers send requests to the rental company. Company administrators can find, correct, export or archive a customer's records in the app. Deletion is limited where the law requires records to be kept, such as invoices.",
        },
        security: {
          h: 'Security measures',
          p: "Encryption in transit and at rest, separation of each company's data, role-based access, an audit log of changes, and sign-in handled by AWS Cognito.",
        },
        transfers: {
          h: 'Where data is processed',
          p: "Data is hosted on Amazon Web Services. Ask us which AWS region holds your company's data if you need it for your records.",
        },
        contact: {
          h: 'Questions and breaches',
          p: "If we become aware of a breach affecting your company's data, we will tell the account owner without undue delay. For data protection questions, contact us via the email in your company's account.",
        },
      },
    },
    careers: {
      title: 'Careers',
      intro: 'Sayyara is a small team building software for car rental companies in the USA and the Middle East.',
      sections: {
        how: {
          h: 'How we work',
          p: 'We build in English and Arabic from day one, test with the people who use the product at the rental counter, and keep the product simple enough for a five-person company.',
        },
        open: {
          h: 'Open positions',
          p: 'We have no open positions listed right now. This page will be updated when we are hiring.',
        },
        apply: {
          h: 'Get in touch',
          p: 'If you already work with us as a customer or partner and would like to join, mention it through your usual contact.',
        },
      },
    },
    referral: {
      title: 'Referral program',
      intro: 'Know another rental company that would benefit from Sayyara? We would be glad to hear about it.',
      sections: {
        how: {
          h: 'How it works',
          p: 'Share the link to this site with the company. They create their own account from the sign-up page; their data stays completely separate from yours.',
        },
        status: {
          h: 'Rewards',
          p: 'A formal referral reward program is not running yet. When it starts, the terms will be published on this page before anything applies.',
        },
      },
    },
    contact: {
      title: 'Contact',
      intro: 'How to reach the people who can help you.',
      sections: {
        customers: {
          h: 'Customers of a rental company',
          p: 'For questions about a booking, a deposit or your personal details, contact the rental company you rented from. They manage your records.',
        },
        companies: {
          h: 'Rental companies using Sayyara',
          p: "Contact us via the email in your company's account. Include your company name and username, never your password.",
        },
        new: {
          h: 'Trying Sayyara',
          p: 'You can explore the live demo with sample data or create a company account from the sign-in page at any time.',
        },
      },
    },
  },
  ar: {
    updated: 'آخر تحديث: {{date}}',
    backHome: 'العودة إلى الصفحة الرئيسية',
    privacy: {
      title: 'سياسة الخصوصية',
      intro:
        'سيّارة برنامج تستخدمه شركات تأجير السيارات لإدارة أعمالها. توضّح هذه السياسة المعلومات التي تخزّنها الخدمة وسبب ذلك وما يمكنك فعله بشأنها.',
      sections: {
        who: {
          h: 'الجهة المسؤولة',
          p: 'تحدّد كل شركة تأجير تشترك في الخدمة ("حساب الشركة") ما تسجّله عن موظفيها وعملائها، وتكون مسؤولة عن تلك المعلومات. تخزّن سيّارة هذه المعلومات وتعالجها نيابةً عن الشركة. إذا كنت عميلًا لشركة تأجير، فتواصل مع تلك الشركة أولًا.',
        },
        what: {
          h: 'ما الذي نخزّنه',
          p: 'بيانات الشركة (الاسم ووسائل التواصل والعنوان والهوية البصرية والإعدادات). حسابات الموظفين (الاسم واسم المستخدم والبريد الإلكتروني والدور والحالة وآخر نشاط)؛ وتحتفظ جهة إدارة الهوية بكلمات المرور ولا تُخزَّن أو تُعرض بصيغة مقروءة أبدًا. سجلات العملاء التي تُدخلها شركة التأجير، بما في ذلك الأسماء ووسائل التواصل ومستندات الهوية ورخص القيادة وسجل التأجير والمدفوعات والودائع والمخالفات المرورية ورسوم الطرق. سجلات المركبات ومستنداتها وصيانتها ومواقع GPS عندما تفعّل الشركة التتبّع.',
        },
        why: {
          h: 'لماذا نخزّنها',
          p: 'فقط لتقديم الخدمة لشركة التأجير: إدارة المركبات وعقود التأجير، وإصدار العقود والفواتير، ومسك الحسابات، وإرسال التذكيرات التي تطلبها الشركة، والحفاظ على أمان الخدمة (مثل سجل التدقيق الذي يبيّن من غيّر ماذا).',
        },
        where: {
          h: 'أين تُخزَّن',
          p: 'تُخزَّن البيانات لدى خدمات أمازون السحابية (AWS): السجلات في قاعدة بيانات، والمستندات والفواتير في مساحة تخزين مشفّرة، وبيانات تسجيل الدخول في AWS Cognito. تُشفَّر البيانات أثناء النقل وأثناء التخزين. وتُحفظ بيانات كل شركة منفصلة عن بيانات أي شركة أخرى.',
        },
        sharing: {
          h: 'مع من نشاركها',
          p: 'لا نبيع المعلومات الشخصية ولا نستخدمها للإعلانات. تعالجها جهات الخدمة اللازمة لتشغيل سيّارة (AWS للاستضافة والتخزين والبريد الإلكتروني). ويجوز للشركة تصدير سجلاتها أو مشاركتها، كإرسال فاتورة إلى عميلها.',
        },
        retention: {
          h: 'مدة الاحتفاظ بها',
          p: 'تُحفظ السجلات ما دام حساب الشركة نشطًا. تُؤرشف سجلات كثيرة بدلًا من حذفها كي يبقى السجل المحاسبي صحيحًا. وعندما تغلق الشركة حسابها تُحذف بياناتها بعد انقضاء أي مدة يفرض القانون الاحتفاظ بها خلالها.',
        },
        rights: {
          h: 'خياراتك',
          p: 'يمكن للموظفين أن يطلبوا من مالك الشركة أو مسؤولها تصحيح بياناتهم أو حذفها. ويمكن لعملاء شركة التأجير أن يطلبوا من تلك الشركة الاطلاع على بياناتهم أو تصحيحها أو حذفها. للتواصل معنا، راسلنا عبر البريد الإلكتروني المسجّل في حساب شركتك.',
        },
        browser: {
          h: 'متصفحك',
          p: 'يحتفظ التطبيق برموز تسجيل الدخول وتفضيلات العرض (اللغة والمنطقة والمظهر وعمليات البحث الأخيرة) في مساحة تخزين متصفحك لتبقى مسجّل الدخول وترى التطبيق كما تركته. لا نستخدم ملفات تعريف ارتباط إعلانية أو للتتبّع.',
        },
      },
    },
    terms: {
      title: 'شروط الخدمة',
      intro: 'تنطبق هذه الشروط عندما تنشئ شركة تأجير حسابًا في سيّارة وعندما يستخدمه موظفوها.',
      sections: {
        account: {
          h: 'حساب شركتك',
          p: 'يشترك الشخص الذي ينشئ الحساب نيابةً عن شركته ويؤكد أنه مخوَّل بقبول هذه الشروط عنها. والشركة مسؤولة عن الأشخاص الذين تدعوهم والأدوار التي تمنحهم إياها والحفاظ على سرية بيانات الدخول.',
        },
        use: {
          h: 'الاستخدام المقبول',
          p: 'استخدم سيّارة فقط لعمليات التأجير وإدارة الأساطيل المشروعة. لا تحاول الوصول إلى بيانات شركة أخرى أو تعطيل الخدمة أو رفع محتوى لا يحق لك تخزينه، بما في ذلك مستندات هوية جُمعت دون علم العميل.',
        },
        data: {
          h: 'بياناتك',
          p: 'تملك شركتك البيانات التي تُدخلها. نستخدمها فقط لتقديم الخدمة كما توضّح سياسة الخصوصية. ويمكنك تصدير سجلاتك ما دام حسابك نشطًا.',
        },
        money: {
          h: 'الأسعار والضرائب والمحاسبة',
          p: 'تساعدك سيّارة في احتساب رسوم التأجير وضريبة القيمة المضافة والقيود المحاسبية وفق الإعدادات التي تختارها. وتبقى شركتك مسؤولة عن أسعارها وإقراراتها الضريبية وقوائمها المالية؛ راجع الأرقام مع محاسبك.',
        },
        ai: {
          h: 'ميزات الذكاء الاصطناعي',
          p: 'الاقتراحات مثل توقّعات الصيانة وقراءة المستندات والرؤى أدوات مساعدة وليست قرارات. راجعها قبل العمل بها.',
        },
        availability: {
          h: 'التوفر والتغييرات',
          p: 'نعمل على إبقاء الخدمة متاحة وبياناتك آمنة، لكن لا يمكننا أن نعد بعدم انقطاعها أبدًا. قد نحسّن الميزات أو نغيّرها، وسنُبلغ مالكي الحسابات بالتغييرات التي تؤثر عليهم.',
        },
        ending: {
          h: 'إنهاء الخدمة',
          p: 'يمكنك إغلاق حسابك في أي وقت. وقد نعلّق حسابًا يخالف هذه الشروط أو يعرّض شركات أخرى للخطر. للاستفسارات، راسلنا عبر البريد الإلكتروني المسجّل في حساب شركتك.',
        },
      },
    },
    gdpr: {
      title: 'اللائحة العامة لحماية البيانات (GDPR)',
      intro:
        'تخدم بعض شركات التأجير مسافرين من الاتحاد الأوروبي. توضّح هذه الصفحة كيف تدعم سيّارة واجبات حماية البيانات بموجب اللائحة العامة لحماية البيانات والقوانين المشابهة.',
      sections: {
        roles: {
          h: 'المتحكّم والمعالج',
          p: 'شركة التأجير هي المتحكّم في البيانات الشخصية التي تسجّلها عن موظفيها وعملائها. وتعمل سيّارة معالجًا لها ولا تتعامل مع تلك البيانات إلا وفق تعليمات الشركة.',
        },
        lawful: {
          h: 'الأساس القانوني',
          p: 'تعالج شركات التأجير عادةً بيانات العملاء لتنفيذ عقد التأجير والوفاء بالتزامات قانونية مثل السجلات الضريبية ومعالجة المخالفات المرورية. وتحدّد كل شركة أساسها القانوني وتوثّقه.',
        },
        requests: {
          h: 'الاطلاع والتصحيح والحذف',
          p: 'يرسل العملاء طلباتهم إلى شركة التأجير. ويمكن لمسؤولي الشركة العثور على سجلات العميل وتصحيحها وتصديرها أو أرشفتها داخل التطبيق. ويكون الحذف محدودًا حيث يفرض القانون الاحتفاظ بالسجلات، مثل الفواتير.',
        },
        security: {
          h: 'إجراءات الأمان',
          p: 'التشفير أثناء النقل والتخزين، وفصل بيانات كل شركة، والصلاحيات حسب الدور، وسجل تدقيق للتغييرات، وتسجيل الدخول عبر AWS Cognito.',
        },
        transfers: {
          h: 'أين تُعالَج البيانات',
          p: 'تُستضاف البيانات على خدمات أمازون السحابية. اسألنا عن منطقة AWS التي تحفظ بيانات شركتك إن احتجت إلى ذلك لسجلاتك.',
        },
        contact: {
          h: 'الاستفسارات والاختراقات',
          p: 'إذا علمنا بحدوث اختراق يمسّ بيانات شركتك، فسنُبلغ مالك الحساب دون تأخير غير مبرر. لأسئلة حماية البيانات، راسلنا عبر البريد الإلكتروني المسجّل في حساب شركتك.',
        },
      },
    },
    careers: {
      title: 'الوظائف',
      intro: 'سيّارة فريق صغير يبني برنامجًا لشركات تأجير السيارات في الولايات المتحدة والشرق الأوسط.',
      sections: {
        how: {
          h: 'كيف نعمل',
          p: 'نبني بالعربية والإنجليزية منذ اليوم الأول، ونختبر مع من يستخدمون المنتج عند مكتب التأجير، ونحافظ على بساطة المنتج بما يناسب شركة من خمسة أشخاص.',
        },
        open: {
          h: 'الوظائف المتاحة',
          p: 'لا توجد وظائف معلنة حاليًا. سيتم تحديث هذه الصفحة عندما نبدأ التوظيف.',
        },
        apply: {
          h: 'تواصل معنا',
          p: 'إذا كنت تتعامل معنا بالفعل كعميل أو شريك وترغب في الانضمام، فأخبرنا بذلك عبر قناة التواصل المعتادة.',
        },
      },
    },
    referral: {
      title: 'برنامج الإحالة',
      intro: 'هل تعرف شركة تأجير أخرى قد تستفيد من سيّارة؟ يسعدنا أن نسمع عنها.',
      sections: {
        how: {
          h: 'كيف يعمل',
          p: 'شارك رابط هذا الموقع مع الشركة. تنشئ الشركة حسابها الخاص من صفحة التسجيل، وتبقى بياناتها منفصلة تمامًا عن بياناتك.',
        },
        status: {
          h: 'المكافآت',
          p: 'لا يوجد برنامج مكافآت إحالة رسمي حتى الآن. وعند إطلاقه ستُنشر شروطه في هذه الصفحة قبل تطبيق أي شيء.',
        },
      },
    },
    contact: {
      title: 'تواصل معنا',
      intro: 'كيف تصل إلى من يستطيع مساعدتك.',
      sections: {
        customers: {
          h: 'عملاء شركات التأجير',
          p: 'للاستفسار عن حجز أو وديعة أو بياناتك الشخصية، تواصل مع شركة التأجير التي استأجرت منها، فهي التي تدير سجلاتك.',
        },
        companies: {
          h: 'شركات التأجير التي تستخدم سيّارة',
          p: 'راسلنا عبر البريد الإلكتروني المسجّل في حساب شركتك. اذكر اسم شركتك واسم المستخدم، ولا ترسل كلمة المرور أبدًا.',
        },
        new: {
          h: 'تجربة سيّارة',
          p: 'يمكنك استكشاف العرض التجريبي المباشر ببيانات تجريبية أو إنشاء حساب لشركتك من صفحة تسجيل الدخول في أي وقت.',
        },
      },
    },
  },
};
