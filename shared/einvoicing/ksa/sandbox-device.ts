/**
 * DEMO ONLY. ZATCA's public e-invoicing SDK sandbox material, copied from infra/local/zatca/sdk/Certificates
 * (cert.pem and ec-secp256k1-priv-key.pem: published with the SDK for everyone to test with, so no secret): the
 * test CSID certificate of ZATCA's sandbox taxpayer (VAT 399999999900003, "TST") and its secp256k1 key. The
 * Saudi sister demo company (functions/einvoicing/seed.ts) is onboarded with them in the SANDBOX environment, so
 * its documents are signed by a certificate ZATCA itself issued for testing, and the demo reset needs no network
 * and no onboarding OTP. Copied here (not read from infra/) because the demo-reset Lambda bundles functions/ and
 * shared/ only. Never used for a real company: onboarding (onboard.ts) makes every company its own key and CSR.
 * The certificate expired on 2024-11-08 (ZATCA's SDK still ships it); the sandbox does not check it.
 */
export const ZATCA_SANDBOX_CERTIFICATE_BASE64 =
  'MIID6jCCA5CgAwIBAgITbwAAgbuRbo5tpQ+QjgABAACBuzAKBggqhkjOPQQDAjBjMRUwEwYKCZImiZPyLGQBGRYFbG9jYWwxEzARBgoJkiaJk/IsZAEZFgNnb3YxFzAVBgoJkiaJk/IsZAEZFgdleHRnYXp0MRwwGgYDVQQDExNUU1pFSU5WT0lDRS1TdWJDQS0xMB4XDTIyMTEwOTA4MDcyMloXDTI0MTEwODA4MDcyMlowTjELMAkGA1UEBhMCU0ExEzARBgNVBAoTCjM5OTk5OTk5OTkxDDAKBgNVBAsTA1RTVDEcMBoGA1UEAxMTVFNULTM5OTk5OTk5OTkwMDAwMzBWMBAGByqGSM49AgEGBSuBBAAKA0IABGGDDKDmhWAITDv7LXqLX2cmr6+qddUkpcLCvWs5rC2O29W/hS4ajAK4Qdnahym6MaijX75Cg3j4aao7ouYXJ9GjggI5MIICNTCBmgYDVR0RBIGSMIGPpIGMMIGJMTswOQYDVQQEDDIxLVRTVHwyLVRTVHwzLTlmMDkyMjM4LTFkOTctNDcxOC1iNDQxLWNiYzMwMTMyMWIwYTEfMB0GCgmSJomT8ixkAQEMDzM5OTk5OTk5OTkwMDAwMzENMAsGA1UEDAwEMTEwMDEMMAoGA1UEGgwDVFNUMQwwCgYDVQQPDANUU1QwHQYDVR0OBBYEFDuWYlOzWpFN3no1WtyNktQdrA8JMB8GA1UdIwQYMBaAFHZgjPsGoKxnVzWdz5qspyuZNbUvME4GA1UdHwRHMEUwQ6BBoD+GPWh0dHA6Ly90c3RjcmwuemF0Y2EuZ292LnNhL0NlcnRFbnJvbGwvVFNaRUlOVk9JQ0UtU3ViQ0EtMS5jcmwwga0GCCsGAQUFBwEBBIGgMIGdMG4GCCsGAQUFBzABhmJodHRwOi8vdHN0Y3JsLnphdGNhLmdvdi5zYS9DZXJ0RW5yb2xsL1RTWkVpbnZvaWNlU0NBMS5leHRnYXp0Lmdvdi5sb2NhbF9UU1pFSU5WT0lDRS1TdWJDQS0xKDEpLmNydDArBggrBgEFBQcwAYYfaHR0cDovL3RzdGNybC56YXRjYS5nb3Yuc2Evb2NzcDAOBgNVHQ8BAf8EBAMCB4AwHQYDVR0lBBYwFAYIKwYBBQUHAwIGCCsGAQUFBwMDMCcGCSsGAQQBgjcVCgQaMBgwCgYIKwYBBQUHAwIwCgYIKwYBBQUHAwMwCgYIKoZIzj0EAwIDSAAwRQIgeWUEjxXaW4s8XilH/abzbDJhHHjO3uLaD87YqioA89YCIQDNltfAU98b8FnTD7M8NYIk8cqi7OnPu7h85v5V1Bt3Hg==';

/** The SEC1 DER of the key, in Base64 (the SDK's file has no PEM armour either). */
export const ZATCA_SANDBOX_PRIVATE_KEY_BASE64 =
  'MHQCAQEEIDyLDaWIn/1/g3PGLrwupV4nTiiLKM59UEqUch1vDfhpoAcGBSuBBAAKoUQDQgAEYYMMoOaFYAhMO/steotfZyavr6p11SSlwsK9azmsLY7b1b+FLhqMArhB2dqHKboxqKNfvkKDePhpqjui5hcn0Q==';

/** The same key as a PEM, as the onboarding stores a device key. */
export const ZATCA_SANDBOX_PRIVATE_KEY_PEM = [
  '-----BEGIN EC PRIVATE KEY-----',
  ...(ZATCA_SANDBOX_PRIVATE_KEY_BASE64.match(/.{1,64}/g) ?? []),
  '-----END EC PRIVATE KEY-----',
  '',
].join('\n');
