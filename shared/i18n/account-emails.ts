/**
 * Issue 31: the security emails a user receives when their account changes (functions/auth/notices.ts),
 * in the company's language. Each says what happened, when and from where, and what to do if it was not them.
 * Server-side only (no page registers this area).
 */
export const accountEmails = {
  en: {
    greeting: 'Hello {{name}},',
    footer: 'This is an automatic security notice from Sayyara for your account at {{company}}. Do not reply to it.',
    notThemTitle: 'If this was not you:',
    details: 'Time: {{when}} · Address: {{ip}} · Country: {{country}} · Device: {{device}}',
    unknown: 'unknown',
    passwordChanged: {
      subject: 'Your Sayyara password was changed',
      body: 'The password of your account {{username}} was changed. {{count}} other session(s) were signed out.',
      notThem:
        'Ask your company’s owner or an administrator to suspend your account and set a new password at once, ' +
        'then review your active sessions under Account → Security.',
    },
    mfaEnabled: {
      subject: 'Two-step verification was turned on',
      body: 'Two-step verification with an authenticator app was turned on for your account {{username}}.',
      notThem:
        'Someone else has your password and their authenticator now protects your account. Tell your ' +
        'company’s owner or an administrator at once: they can suspend the account and set a new password.',
    },
    mfaDisabled: {
      subject: 'Two-step verification was turned off',
      body: 'Two-step verification was turned off for your account {{username}}. Sign-in now needs only the password.',
      notThem:
        'Change your password now, turn two-step verification back on under Account → Security, and tell ' +
        'your company’s owner or an administrator.',
    },
    recoveryCodeUsed: {
      subject: 'A recovery code was used to sign in',
      body: 'A recovery code was used to sign in to your account {{username}}. {{left}} recovery code(s) are left.',
      notThem:
        'Someone has your password and one of your recovery codes. Change your password now, sign out the ' +
        'other sessions under Account → Security, turn two-step verification off and on again for new ' +
        'recovery codes, and tell your company’s owner or an administrator.',
    },
    accountLocked: {
      subject: 'Sign-in to your account was locked',
      body:
        'Sign-in to your account {{username}} was locked after {{failures}} failed attempts. ' +
        'You can try again from {{until}}.',
      notThem:
        'Someone is trying to guess your password. When you can sign in, change it to one you use nowhere ' +
        'else and turn on two-step verification. An administrator can unlock the account sooner from Security ' +
        'Monitoring.',
    },
    newSignin: {
      subject: 'New sign-in to your Sayyara account',
      newDevice: 'Your account {{username}} was signed in to from a device it has not used before.',
      newCountry: 'Your account {{username}} was signed in to from a country it has not been used from before.',
      notThem:
        'Change your password now, sign out that session under Account → Security, and tell your company’s ' +
        'owner or an administrator, who can block the device in Security Monitoring.',
    },
  },
  ar: {
    greeting: 'مرحبًا {{name}}،',
    footer: 'هذا إشعار أمني تلقائي من سيّارة لحسابك في {{company}}. لا تردّ عليه.',
    notThemTitle: 'إن لم تكن أنت:',
    details: 'الوقت: {{when}} · العنوان: {{ip}} · الدولة: {{country}} · الجهاز: {{device}}',
    unknown: 'غير معروف',
    passwordChanged: {
      subject: 'تم تغيير كلمة مرور سيّارة الخاصة بك',
      body: 'تم تغيير كلمة مرور حسابك {{username}}. وتم تسجيل خروج {{count}} جلسة أخرى.',
      notThem:
        'اطلب من مالك الشركة أو أحد المسؤولين إيقاف حسابك وتعيين كلمة مرور جديدة فورًا، ثم راجع جلساتك النشطة من الحساب ← الأمان.',
    },
    mfaEnabled: {
      subject: 'تم تفعيل التحقق الثنائي',
      body: 'تم تفعيل التحقق الثنائي عبر تطبيق المصادقة لحسابك {{username}}.',
      notThem:
        'شخص آخر يعرف كلمة مرورك وأصبح تطبيق المصادقة الخاص به يحمي حسابك. أبلغ مالك الشركة أو أحد المسؤولين فورًا: يمكنهم إيقاف الحساب وتعيين كلمة مرور جديدة.',
    },
    mfaDisabled: {
      subject: 'تم إيقاف التحقق الثنائي',
      body: 'تم إيقاف التحقق الثنائي لحسابك {{username}}. أصبح تسجيل الدخول يتطلب كلمة المرور فقط.',
      notThem: 'غيّر كلمة مرورك الآن، وأعد تفعيل التحقق الثنائي من الحساب ← الأمان، وأبلغ مالك الشركة أو أحد المسؤولين.',
    },
    recoveryCodeUsed: {
      subject: 'تم استخدام رمز استرداد لتسجيل الدخول',
      body: 'تم استخدام رمز استرداد لتسجيل الدخول إلى حسابك {{username}}. تبقّى {{left}} من رموز الاسترداد.',
      notThem:
        'شخص ما يعرف كلمة مرورك ولديه أحد رموز الاسترداد. غيّر كلمة مرورك الآن، وسجّل خروج الجلسات الأخرى من الحساب ← الأمان، وأوقف التحقق الثنائي ثم فعّله من جديد للحصول على رموز استرداد جديدة، وأبلغ مالك الشركة أو أحد المسؤولين.',
    },
    accountLocked: {
      subject: 'تم قفل تسجيل الدخول إلى حسابك',
      body: 'تم قفل تسجيل الدخول إلى حسابك {{username}} بعد {{failures}} محاولات فاشلة. يمكنك المحاولة مرة أخرى من {{until}}.',
      notThem:
        'شخص ما يحاول تخمين كلمة مرورك. عندما تتمكن من تسجيل الدخول، غيّرها إلى كلمة لا تستخدمها في أي مكان آخر وفعّل التحقق الثنائي. يمكن للمسؤول إلغاء القفل قبل ذلك من مراقبة الأمان.',
    },
    newSignin: {
      subject: 'تسجيل دخول جديد إلى حسابك في سيّارة',
      newDevice: 'تم تسجيل الدخول إلى حسابك {{username}} من جهاز لم يُستخدم من قبل.',
      newCountry: 'تم تسجيل الدخول إلى حسابك {{username}} من دولة لم يُستخدم منها من قبل.',
      notThem:
        'غيّر كلمة مرورك الآن، وسجّل خروج تلك الجلسة من الحساب ← الأمان، وأبلغ مالك الشركة أو أحد المسؤولين، ويمكنهم حظر الجهاز من مراقبة الأمان.',
    },
  },
};
