import Prelude
import Testing

private enum Order {}
private enum Invoice {}

@Suite struct IdentifierTests {
    @Test func equalRawValuesAreEqual() {
        #expect(Identifier<Order>("o-1") == Identifier<Order>("o-1"))
        #expect(Identifier<Order>("o-1") != Identifier<Order>("o-2"))
        #expect(Identifier<Invoice>("i-9").description == "i-9")
    }

    @Test func blankIdentifiersAreInvalid() {
        #expect(Identifier<Order>("  ").isValid == false)
        #expect(Identifier<Order>("x").isValid)
    }

    @Test func sequenceCountsUp() {
        var sequence = IdentifierSequence<Order>(prefix: "order")
        #expect(sequence.next().rawValue == "order-1")
        #expect(sequence.next().rawValue == "order-2")
    }
}

@Suite struct ResultHelperTests {
    enum Failure: Error, Equatable { case boom }

    @Test func accessors() {
        let good: Result<Int, Failure> = .success(3)
        let bad: Result<Int, Failure> = .failure(.boom)
        #expect(good.value == 3 && good.error == nil)
        #expect(bad.value == nil && bad.error == .boom)
        #expect(bad.recover { _ in -1 } == -1)
    }

    @Test func onSuccessRunsOnlyForSuccess() {
        var seen: [Int] = []
        Result<Int, Failure>.success(1).onSuccess { seen.append($0) }
        Result<Int, Failure>.failure(.boom).onSuccess { seen.append($0) }
        #expect(seen == [1])
    }

    @Test func zipKeepsFirstFailure() {
        let zipped = zipResults(Result<Int, Failure>.success(1), Result<String, Failure>.success("a"))
        #expect(zipped.value?.0 == 1 && zipped.value?.1 == "a")
        #expect(zipResults(Result<Int, Failure>.failure(.boom), Result<String, Failure>.success("a")).error == .boom)
    }
}

@Suite struct StringHelperTests {
    @Test(arguments: [("  padded \n", "padded"), ("", ""), ("   ", ""), ("a b", "a b")])
    func trimming(input: String, expected: String) {
        #expect(input.trimmed == expected)
    }

    @Test func initials() {
        #expect("Ada Lovelace".initials == "AL")
        #expect("grace brewster hopper".initials == "GB")
        #expect("".initials == "")
    }
}
