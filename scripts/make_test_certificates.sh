#!/usr/bin/env bash
# Makes the TLS test fixtures in Tests/IntegrationTests/Fixtures/TLS: a test
# certificate authority, a server certificate it issued for 127.0.0.1 and
# localhost, and one certificate for each refusal the tests expect (expired,
# not yet valid, another host, self-signed, another authority). Test keys
# only, made here and committed so the tests need no openssl; run it again to
# replace them (the pins the tests compare are computed by this script too).
set -euo pipefail
out="$(cd "$(dirname "$0")/.." && pwd)/Tests/IntegrationTests/Fixtures/TLS"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"
cd "$work"

key() { openssl ecparam -name prime256v1 -genkey -noout -out "$1.key" 2>/dev/null; }

authority() { # name, subject
    key "$1"
    openssl req -x509 -new -key "$1.key" -sha256 -days 36500 -subj "/CN=$2" \
        -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign" -out "$1.pem"
}

# An OpenSSL CA database, so validity can be set in the past or the future.
ca_database() { # authority
    mkdir -p "db-$1"
    : > "db-$1/index.txt"
    echo 1000 > "db-$1/serial"
    cat > "db-$1/openssl.cnf" <<CNF
[ca]
default_ca = test
[test]
dir = db-$1
database = db-$1/index.txt
serial = db-$1/serial
new_certs_dir = db-$1
certificate = $1.pem
private_key = $1.key
default_md = sha256
policy = anything
copy_extensions = copy
unique_subject = no
[anything]
commonName = supplied
CNF
}

leaf() { # name, authority, san, startdate, enddate
    key "$1"
    openssl req -new -key "$1.key" -subj "/CN=$1" -addext "subjectAltName=$3" \
        -addext "basicConstraints=CA:FALSE" -addext "extendedKeyUsage=serverAuth" -out "$1.csr"
    openssl ca -batch -notext -config "db-$2/openssl.cnf" -startdate "$4" -enddate "$5" \
        -in "$1.csr" -out "$1.pem" 2>/dev/null
}

authority ca "Networking Lessons Test CA"
authority other-ca "Another Test CA"
ca_database ca
ca_database other-ca
here="DNS:localhost,IP:127.0.0.1"
leaf server ca "$here" 20260101000000Z 21251231000000Z
leaf expired ca "$here" 20200101000000Z 20210101000000Z
leaf not-yet-valid ca "$here" 21000101000000Z 21251231000000Z
leaf wrong-host ca "DNS:wrong-host.example" 20260101000000Z 21251231000000Z
leaf other-authority other-ca "$here" 20260101000000Z 21251231000000Z
key self-signed
openssl req -x509 -new -key self-signed.key -sha256 -days 36500 -subj "/CN=self-signed" \
    -addext "subjectAltName=$here" -out self-signed.pem

for name in ca server expired not-yet-valid wrong-host other-authority self-signed; do
    cp "$name.pem" "$out/$name.pem"
done
for name in server expired not-yet-valid wrong-host other-authority self-signed; do
    openssl pkcs8 -topk8 -nocrypt -in "$name.key" -out "$out/$name.key"
done
openssl x509 -in ca.pem -outform der -out "$out/ca.der"
# The pins, as RFC 7469 computes them, for the tests to compare.
pin() { openssl x509 -in "$1.pem" -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64; }
{ echo "server $(pin server)"; echo "ca $(pin ca)"; echo "other-authority $(pin other-authority)"; } > "$out/pins.txt"
echo "make_test_certificates: wrote $out"
