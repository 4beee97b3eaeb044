// Regenerate the vectors: cd test/reference/quantity && go run . > ../../cases/quantity-vectors.json
//
// Prints reference vectors computed by the real k8s.io/apimachinery resource.Quantity, read by
// test/kube/quantity.test.ts. Where Go's MilliValue()/Value() is not the exact value, the vector says what
// lib/kube/quantity.ts does instead, with a note:
//   - "too-large": the exact value does not fit in an int64 (Go returns 0 or a wrapped value; TS throws a
//     QuantityError, which the interpreters answer as a 400);
//   - "negative-dec": Go's inf.Dec path mishandles negative values (it truncates then adds 1, and
//     wraps unscaled values beyond int64), whereas TS rounds away from zero like Go's int64 path
//     and Go's documentation; the vector carries the exact value TS returns.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"os"
	"runtime/debug"
	"strconv"
	"strings"

	inf "gopkg.in/inf.v0"
	"k8s.io/apimachinery/pkg/api/resource"
	"k8s.io/apimachinery/pkg/runtime"
	utiljson "k8s.io/apimachinery/pkg/util/json"
)

type parseVector struct {
	Input        string `json:"input"`
	Error        bool   `json:"error,omitempty"`
	ErrorMessage string `json:"errorMessage,omitempty"`
	Unscaled     string `json:"unscaled,omitempty"`
	Scale        *int64 `json:"scale,omitempty"`
	Format       string `json:"format,omitempty"`
	String       string `json:"string,omitempty"`
	Canonical    string `json:"canonical,omitempty"`
	MilliValue   string `json:"milliValue,omitempty"`
	Value        string `json:"value,omitempty"`
	// Set only where Go's int64 result is not the exact value; TooLarge means TS throws instead (not an int64).
	ExactMilliValue    string `json:"exactMilliValue,omitempty"`
	MilliValueTooLarge bool   `json:"milliValueTooLarge,omitempty"`
	MilliValueNote     string `json:"milliValueNote,omitempty"`
	ExactValue         string `json:"exactValue,omitempty"`
	ValueTooLarge      bool   `json:"valueTooLarge,omitempty"`
	ValueNote          string `json:"valueNote,omitempty"`
}

type jsonVector struct {
	JSON string `json:"json"`
	parseVector
}

type formatVector struct {
	Value       string `json:"value"`
	Format      string `json:"format"`
	String      string `json:"string"`
	ExactString string `json:"exactString,omitempty"`
	Note        string `json:"note,omitempty"`
}

type output struct {
	Generator     string
	Parse         []parseVector
	JSON          []jsonVector
	FormatMilli   []formatVector
	FormatInteger []formatVector
}

var numbers = []string{
	"0", "00", "0.0", "-0", "+0", "0.000", "1", "-1", "+1", "01", "007", "2", "9", "10", "100", "1000", "1100", "1200",
	"10000", "12000", "100000", "999", "1023", "1024", "-1024", "1025", "1536", "2048", "4096", "8", "16", "0.5", "-0.5",
	".5", "1.", "5.", "1.5", "-1.5", "1.0", "1.50", "1.500", "1.100", "12.345", "0.1", "0.01", "0.001", "0.0001",
	"0.000000001", "0.0000000001", "0.0000000015", "-0.0000000015", "1.000000001", "1.0000000001", "0.1234567891",
	"123456789", "123456789.123456789", "999999999999999999", "123456789012345678", "1234567890123456789",
	"9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
	"99999999999999999999", "18446744073709551616", "9223372036854775.807", "9223372036854775.808",
	"134217728", "128000000", "1000000000", "3.14159", "-3.14159", "250", "2500000", "0.25", "7", "7.5",
}

var suffixes = []string{
	"", "n", "u", "m", "k", "M", "G", "T", "P", "E", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei",
	"e0", "e3", "E3", "e+2", "e-3", "e-9", "e-10", "e6", "e18", "e19", "e21",
}

var specials = []string{
	// error cases
	"", " ", " 1", "1 ", "1\n", "\t1", "1.2.3", "1..2", "1Kb", "1KB", "1K", "1ki", "1KI", "1kI", "abc", "--1", "+-1",
	"-+1", "1e", "1E+", "1e+", "1e-", "1e1e1", "1e3.5", "1ee3", "1Ee3", "Inf", "-Inf", "+Inf", "NaN", "nan", "inf",
	"Infinity", "0x10", "1_000", "1,5", "1m1", "1n3", "1Ki1", "1Mi3", "1 Ki", "1i", "1mi", "1ni", "1Gb", "1g", "1KiB",
	"e", "i", "-e", "1.5.", "..5", "1-", "1+", "1e3e", "1e9223372036854775808", "1e-9223372036854775809",
	"\u0661", "1\u00a0", "Pi", "Ei", "-Pi", ".Pi", "+Ei", ".e-10", "e-10", "m-1", "kk", "1kk", "1MM", "1uu",
	// digitless forms Go accepts as zero on its int64 fast path
	".", "+", "-", "+.", "-.", "k", "m", "n", "E", "e3", "-e3", "Ki", "Mi", "Gi", "Ti", ".Ki", "-Ti", "e-9", ".m",
	// zero forms
	"0", "0m", "0n", "0Ki", "0Ei", "0E", "-0", "-0Ki", "0e0", "0e-20", "0.0e-20", "0Pi", "-0.0", "000000",
	// rounding up to nano
	"1e-10", "-1e-10", "1.1n", "1.9n", "0.5n", "0.0001n", "1e-100", "0.1u", "1.0000000001", "-1.0000000001",
	"999999999.9999999999", "0.000000000000000000000000000000001",
	// exponent forms
	"1e1", "1e2", "1e4", "1e5", "1e-1", "1e-2", "1e-4", "1e-5", "1e-6", "1e-7", "1e-8", "1E-3", "1E+3", "1e+3", "1e03",
	"1e-03", "1.5e3", "1.5e-3", "12e6", "-12e6", "1e100", "1e997", "1e998", "1e999", "1234567890123456789e1000", "1e1000", "1e1001", "-1e1000",
	"123e-11", "1e4294967296", "1e4294967297", "2e-4294967295", "3e9223372036854775807", "1e2147483647",
	"1e+21", "1e-7", "5e-324", "1.7976931348623157e+308", "2e3", "-2e3", "100e-2",
	// binary edge cases
	"1.5Ki", "0.5Ki", "0.1Ki", "1.1Ki", "-1.5Ki", "-0.0001Ki", "0.0001Ki", "0.001Ki", "0.5Mi", "1.5Gi", "1.5Ti",
	"7Ei", "7.99Ei", "8Ei", "-8Ei", "16Ei", "1024Ei", "8191Pi", "8192Pi", "9223372036854775807Ki", "1023Ki",
	"1024Ki", "1048576Ki", "1025Ki", "3Mi", "+3Mi", "01Ki", "0.9765625Ki", "1.0009765625Ki", "123456789012345Ki",
	"12345678901234Ki", "-12345678901234Ki", "8796093022207Ki", "8796093022208Ki", "9007199254740993Ki",
	// large decimal values (DecimalSI is never capped)
	"9E", "9.2E", "10E", "100E", "1000E", "1200E", "9223372036854775807000", "9223372036854775807m",
	"9223372036854775807n", "9223372036854775808m", "9223372036854775.807k", "1000000000000000000000000",
	"123456789012345678901234567890", "-123456789012345678901234567890", "0.123456789012345678901234567890",
	"9223372036854775k", "9223372036854776k", "18446744073709551615n", "-9223372036854775807m",
	// extreme exponents: Go keeps the scale in an int32 and lets it wrap
	"0e300000000", "0e30000000", "0e2147483647", "0e-2147483648", "0e2147483648", "0e4294967296", "-0e2147483647",
	// (not "1e-2147483648", "1.5e-2147483647" or "1e2147483648", whose int32 scale wraps to 10^2147483648, nor
	// "1e-2147483647": on Go's inf.Dec path, rounding them to nano builds 10^2147483647 and Go does not come back.
	// Nor "0e-300000000": Go parses it, but its MilliValue() builds 10^300000000 to divide zero by it.
	// test/kube/quantity.test.ts covers them: lib/kube/quantity.ts reads them the same way, in microseconds.)
	"0.0e2147483647", "e-2147483648", ".e2147483647",
	"1.55e-2147483647", "1.5e2147483647", "1e2147483646", "1e-2147483649", "1e-999", "-1e999", "1E21",
	"1e0000000000000000000000000000000003", "1e-0000000000000000000000000000000000009", "1e+00000000000000000000000000000000021",
	// around the int64 limit of Karmada's amounts (millicores for cpu, units otherwise)
	"1e18", "1e19", "9.223372036854775807e18", "9.223372036854775808e18", "9223372036854775807", "9223372036854775.807",
	"9223372036854775.8071", "9223372036854775807u", "9223372036854775807000u", "1180591620717411303424", "7.99999999999999999999Ei",
	"7.999999999999999999999999999999Ei", "8Ei", "-8Ei", "0.99999999999999999999999999999Ki", "1.000000000000000000000000000000000000001Ki",
	// long mantissas
	"1" + strings.Repeat("0", 300), "0." + strings.Repeat("0", 300) + "1", strings.Repeat("9", 40) + "Ki",
	"1" + strings.Repeat("0", 100) + "e-100", "0." + strings.Repeat("9", 80) + "Ki", "0." + strings.Repeat("9", 80),
	strings.Repeat("0", 200) + "1.5", "1." + strings.Repeat("0", 200) + "1Mi", "-0." + strings.Repeat("0", 200) + "1Ei",
}

func main() {
	out := output{Generator: "k8s.io/apimachinery " + apimachineryVersion()}
	seen := map[string]bool{}
	add := func(s string) {
		if !seen[s] {
			seen[s] = true
			out.Parse = append(out.Parse, parseVectorFor(s))
		}
	}
	for _, n := range numbers {
		for _, s := range suffixes {
			add(n + s)
		}
	}
	for _, s := range specials {
		add(s)
	}

	for _, literal := range []string{
		"0", "1", "-1", "0.5", "-0.5", "2000", "1000", "1.5", "0.1", "0.001", "0.0001", "1e-7", "1e+21", "1.5e+21",
		"123456.789", "9007199254740991", "9007199254740993", "9223372036854775807", "12345678901234567000",
		"1e+300", "5e-324", "1024", "1.0", "1E3", "100e-2", "1e3", "1e21", "-1e21", "1.7976931348623157e308",
		"9223372036854775808", "1180591620717411303424",
	} {
		out.JSON = append(out.JSON, jsonVectorFor(literal))
	}

	ints := []int64{
		0, 1, -1, 2, 7, 10, 100, 250, 999, 1000, -1000, 1001, 1023, 1024, -1024, 1025, 1500, 1536, 2000, 2048, 4096,
		10000, 100000, 999999, 1000000, 1048576, 1500000, 2500000, 3000000, 128000000, 134217728, 1000000000,
		1073741824, 1099511627776, 1125899906842624, 1152921504606846976, 1610612736, 12345678, 1e12, 1e15, 1e18,
		-1e18, 2e18, 9e18, 1 << 62, math.MaxInt64, math.MaxInt64 - 1, math.MinInt64, math.MinInt64 + 1,
		-1 << 62, 5000000000, 1 << 40, 3 << 40, 1000 * 1024, 1024 * 1000, 999 * 1024, 1023 * 1024 * 1024,
		512, 511, 100000000, 123456789000, 64, 80000, 400000, 1048575,
	}
	for _, v := range ints {
		out.FormatMilli = append(out.FormatMilli, formatVectorFor(v, resource.DecimalSI, true))
		out.FormatInteger = append(out.FormatInteger, formatVectorFor(v, resource.DecimalSI, false))
		out.FormatInteger = append(out.FormatInteger, formatVectorFor(v, resource.BinarySI, false))
	}

	// One vector per line keeps diffs of the checked-in file readable.
	w := bufio.NewWriter(os.Stdout)
	fmt.Fprintf(w, "{\n \"generator\": %s", encode(out.Generator))
	writeList(w, "parse", out.Parse)
	writeList(w, "json", out.JSON)
	writeList(w, "formatMilli", out.FormatMilli)
	writeList(w, "formatInteger", out.FormatInteger)
	fmt.Fprint(w, "\n}\n")
	if err := w.Flush(); err != nil {
		panic(err)
	}
}

func writeList[T any](w *bufio.Writer, name string, items []T) {
	fmt.Fprintf(w, ",\n %s: [", encode(name))
	for i, item := range items {
		if i > 0 {
			w.WriteString(",")
		}
		w.WriteString("\n  " + encode(item))
	}
	w.WriteString("\n ]")
}

func encode(v any) string {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		panic(err)
	}
	return strings.TrimSuffix(buf.String(), "\n")
}

func apimachineryVersion() string {
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, dep := range info.Deps {
			if dep.Path == "k8s.io/apimachinery" {
				return dep.Version
			}
		}
	}
	panic("k8s.io/apimachinery not found in build info")
}

// parse returns a fresh Quantity each time: String() caches and AsDec() changes the
// representation, both of which change what later calls return.
func parse(s string) resource.Quantity {
	q, err := resource.ParseQuantity(s)
	if err != nil {
		panic(err)
	}
	return q
}

func parseVectorFor(s string) parseVector {
	if _, err := resource.ParseQuantity(s); err != nil {
		return parseVector{Input: s, Error: true, ErrorMessage: err.Error()}
	}
	return describe(s, parse)
}

func jsonVectorFor(literal string) jsonVector {
	decode := func(string) resource.Quantity {
		var raw map[string]interface{}
		if err := utiljson.Unmarshal([]byte(`{"q":`+literal+`}`), &raw); err != nil {
			panic(err)
		}
		var typed struct {
			Q resource.Quantity `json:"q"`
		}
		if err := runtime.DefaultUnstructuredConverter.FromUnstructured(raw, &typed); err != nil {
			panic(err)
		}
		return typed.Q
	}
	return jsonVector{JSON: literal, parseVector: describe(literal, decode)}
}

func describe(input string, get func(string) resource.Quantity) parseVector {
	v := parseVector{Input: input}

	q := get(input)
	v.Format = string(q.Format)
	v.String = q.String()

	q = get(input)
	dec := q.AsDec()
	unscaled := new(big.Int).Set(dec.UnscaledBig())
	scale := -int64(dec.Scale())
	v.Unscaled = unscaled.String()
	v.Scale = &scale

	// Neg clears the cached input text, so String() has to canonicalize.
	q = get(input)
	q.Neg()
	q.Neg()
	v.Canonical = q.String()
	q = get(input)
	q.ToDec()
	q.Neg()
	q.Neg()
	if viaDec := q.String(); viaDec != v.Canonical {
		panic(fmt.Sprintf("%q: int64 and inf.Dec canonical forms differ: %q vs %q", input, v.Canonical, viaDec))
	}

	q = get(input)
	v.MilliValue = strconv.FormatInt(q.MilliValue(), 10)
	q = get(input)
	v.Value = strconv.FormatInt(q.Value(), 10)

	v.ExactMilliValue, v.MilliValueTooLarge, v.MilliValueNote = divergence(v.MilliValue, unscaled, scale+3)
	v.ExactValue, v.ValueTooLarge, v.ValueNote = divergence(v.Value, unscaled, scale)
	return v
}

// divergence computes unscaled*10^shift rounded away from zero; it returns nothing when Go agrees.
func divergence(goResult string, unscaled *big.Int, shift int64) (exactResult string, tooLarge bool, note string) {
	if unscaled.Sign() == 0 {
		return "", false, ""
	}
	// Integer digits of the exact value: past 19, it is at least 10^19 and no int64 holds it.
	integerDigits := int64(len(new(big.Int).Abs(unscaled).String())) + shift
	if integerDigits > 19 {
		return "", true, "too-large"
	}
	exact := new(big.Int).Set(unscaled)
	switch {
	case integerDigits <= 0:
		exact.SetInt64(int64(unscaled.Sign()))
	case shift >= 0:
		exact.Mul(exact, new(big.Int).Exp(big.NewInt(10), big.NewInt(shift), nil))
	default:
		rem := new(big.Int)
		exact.QuoRem(exact, new(big.Int).Exp(big.NewInt(10), big.NewInt(-shift), nil), rem)
		if rem.Sign() != 0 {
			exact.Add(exact, big.NewInt(int64(unscaled.Sign())))
		}
	}
	if !exact.IsInt64() || exact.Cmp(big.NewInt(math.MinInt64)) == 0 {
		return "", true, "too-large"
	}
	s := exact.String()
	switch {
	case s == goResult:
		return "", false, ""
	case exact.Sign() < 0:
		return s, false, "negative-dec"
	}
	panic(fmt.Sprintf("unexpected divergence: go %s, exact %s", goResult, s))
}

func formatVectorFor(value int64, format resource.Format, milli bool) formatVector {
	var q *resource.Quantity
	scale := inf.Scale(0)
	if milli {
		q = resource.NewMilliQuantity(value, format)
		scale = 3
	} else {
		q = resource.NewQuantity(value, format)
	}
	v := formatVector{Value: strconv.FormatInt(value, 10), Format: string(format), String: q.String()}
	if exact := resource.NewDecimalQuantity(*inf.NewDec(value, scale), format).String(); exact != v.String {
		v.ExactString = exact
		// Go negates math.MinInt64 while removing factors of 1024; its inf.Dec path gets it right.
		v.Note = "overflow"
	}
	return v
}
