import BmiCalc
import Testing

@Suite struct BmiFormulaTests {
    @Test func theDefaultsGiveABmiOf15Point6() {
        let state = BmiState.initial()
        #expect(state.height == 160)
        #expect(state.weight == 40)
        #expect(state.bmi == 15.625)
        #expect(renderBmi(state) == "height 160 cm · weight 40 kg · BMI 15.6")
    }

    @Test(arguments: [
        (180, 81, 25.0),
        (200, 100, 25.0),
        (150, 45, 20.0),
        (0, 70, 0.0),
    ])
    func bmiIsKilogramsOverMetresSquared(height: Int, weight: Int, bmi: Double) {
        #expect(abs(calculateBmi(height: height, weight: weight) - bmi) < 1e-9)
    }

    @Test func changingHeightOrWeightKeepsTheOtherValue() {
        let state = BmiState.initial()
        #expect(state.heightChanged(height: 180, bmi: 1) == BmiState(height: 180, weight: 40, bmi: 1))
        #expect(state.weightChanged(weight: 81, bmi: 2) == BmiState(height: 160, weight: 81, bmi: 2))
    }

    @Test func restoringRecomputesAStaleBmi() {
        #expect(BmiState(height: 180, weight: 81, bmi: 99).restored() == BmiState(height: 180, weight: 81, bmi: 25))
    }

    @Test(arguments: [
        (Float(0), 100),
        (Float(1), 220),
        (Float(0.5), 160),
        (Float(0.25), 130),
        (Float(0.004), 100),  // 0.48 rounds down
        (Float(0.005), 101),  // 0.6 rounds up
        (Float(-0.5), 100),  // clamped
        (Float(1.5), 220),  // clamped
    ])
    func aSliderPayloadPointsBetweenItsBounds(progress: Float, value: Int) {
        #expect(SliderPayload(min: 100, max: 220, progress: progress).calculatedValue() == value)
    }
}
