/**
 * TLS for the tests' own image server: a self-signed certificate for localhost, images.test,
 * *.images.test and 127.0.0.1 (valid 2020-2120) and its key, made for these tests alone. Only a
 * test's fetcher trusts it, by passing it as `ca`; nothing else ever does.
 */
export const TEST_TLS = {
  key: `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg1H8YA3NC5dtftZ9W
i9p6sEVVjVYC5Xr6I8XRTFKoqCKhRANCAATSVlWQk5lD2tc/Os2brErnAg7V1dMw
/ixW0Jo13hN3WyXzYiq16dzq9XaoWD2CJMyT36OJTQD8TvhXAsprqeTL
-----END PRIVATE KEY-----
`,
  cert: `-----BEGIN CERTIFICATE-----
MIIBmTCCAUCgAwIBAgIBATAKBggqhkjOPQQDAjAhMR8wHQYDVQQDDBZNSUJJIHRl
c3QgaW1hZ2Ugc2VydmVyMCAXDTIwMDEwMTAwMDAwMFoYDzIxMjAwMTAxMDAwMDAw
WjAhMR8wHQYDVQQDDBZNSUJJIHRlc3QgaW1hZ2Ugc2VydmVyMFkwEwYHKoZIzj0C
AQYIKoZIzj0DAQcDQgAE0lZVkJOZQ9rXPzrNm6xK5wIO1dXTMP4sVtCaNd4Td1sl
82Iqtenc6vV2qFg9giTMk9+jiU0A/E74VwLKa6nky6NnMGUwNgYDVR0RBC8wLYIJ
bG9jYWxob3N0ggtpbWFnZXMudGVzdIINKi5pbWFnZXMudGVzdIcEfwAAATAMBgNV
HRMBAf8EAjAAMB0GA1UdDgQWBBRW8X8Dxr2uiRJ48nRtSu0ZXzP82TAKBggqhkjO
PQQDAgNHADBEAiByCr+YIvV16wOcbxDWPQtWWOZJune6aBPa452mGqrRtAIgZ7Ow
CZg1vJKJfRyROc9g0Uxxbqk1wY35vbr7s/ASzIY=
-----END CERTIFICATE-----
`,
};
